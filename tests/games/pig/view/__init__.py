"""Pig's pages: its session page and its fragment (:mod:`.pages`), rendered from its own templates
(``templates/pig/``), for the one session router of the web."""
