"""Callable tests (SPEC §3-§7): every callable driven over HTTP against the emulators, state read
back through Firestore under the security rules. A package so module names cannot clash."""
