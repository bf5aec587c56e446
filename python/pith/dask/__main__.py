"""python -m pith.dask INPUT... -o OUT_DIR [--scheduler ADDR] [--workers N]: see pith.dask."""
import sys

from pith.dask import main

if __name__ == "__main__":
    sys.exit(main())
