"""``python -m generator``: see :mod:`generator.cli`."""

import sys

from .cli import main

sys.exit(main())
