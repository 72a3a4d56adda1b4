"""``python -m badugi``: the command line."""

from badugi.cli import main

raise SystemExit(main())
