"""``python -m generator``: see :mod:`generator.cli`."""

import os
import sys

from .cli import main

try:
    status = main()
    if sys.stdout is not None and not sys.stdout.closed:
        sys.stdout.flush()
except BrokenPipeError:
    # The reader stopped early (`python -m generator show x.yaml | head`): that is not an
    # error worth a traceback. Point stdout at nothing so Python's exit flush stays quiet.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    status = 0
sys.exit(status)
