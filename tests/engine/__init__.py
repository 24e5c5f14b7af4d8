"""Rules-engine tests: pure Python, no emulator. A package so module names cannot clash with other test folders."""
