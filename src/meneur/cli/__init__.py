"""The ``meneur`` command line: a thin Typer layer over the cores."""
