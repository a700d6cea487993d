"""Publishing through Datasette: the plugin, its templates and static files."""
