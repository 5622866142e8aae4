"""The MkDocs side of Tabula: a thin plugin over ``generator.puzzles`` and ``generator.render``.

Every MkDocs import of the project lives in this package, so the generator can move to another
site tool.
"""
