"""Warzone's adapters toward the pages: its tool page (:mod:`.pages`) and what a command's button
shows before rolling (:mod:`.outcomes`), computed by the rules with the session's table options."""
