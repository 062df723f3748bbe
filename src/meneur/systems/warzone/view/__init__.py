"""Warzone's adapter toward the pages: what a command's button shows before rolling
(:mod:`.outcomes`), computed by the rules with the session's table options."""
