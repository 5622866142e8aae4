"""Answers of other move generators, stored so that ``make test`` checks the engine against them
without running them: perft-style files, one JSON line per question, xz-compressed.

``gnubg_random.jsonl.xz`` and ``gnubg_games.jsonl.xz`` hold GNU Backgammon's answers (the
``gnubg_nn`` package): a position, a roll, and every position its move generator reaches,
each as a GNU Backgammon Position ID. ``python -m tests.engine.data.regenerate`` writes them
anew (see that module for what they hold and how to read them); ``make test-deep`` checks that
they are still what gnubg answers.
"""
