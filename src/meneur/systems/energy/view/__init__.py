"""The Energy System's adapters toward the server and the pages: what a viewer may see of a fight
(:mod:`.projection`), and the game's own pages (:mod:`.pages`)."""
