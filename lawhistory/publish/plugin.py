"""The lawhistory Datasette plugin (routes and template variables for law and instrument pages)."""
