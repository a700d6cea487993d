"""``lawhistory build`` and ``lawhistory serve``: the database, the git history and the Datasette site."""
