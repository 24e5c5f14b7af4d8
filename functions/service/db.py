"""The one Firestore client of a function instance, created on first use.

`google.cloud.firestore.Client` rather than `firebase_admin.firestore.client()`: in the
Functions emulator firebase-admin asks for Application Default Credentials before the
Firestore client can notice `FIRESTORE_EMULATOR_HOST`, and fails. The plain client uses
anonymous credentials against the emulator and the runtime's service account in production.
"""
from __future__ import annotations

import functools
import os

from google.cloud import firestore


def project_id() -> str | None:
    """The project the functions run in (the emulator and Cloud Functions both set these)."""
    return os.environ.get("GCLOUD_PROJECT") or os.environ.get("GOOGLE_CLOUD_PROJECT")


@functools.cache
def client() -> firestore.Client:
    """The shared client: built lazily so importing a module (deploy analysis) touches no network."""
    return firestore.Client(project=project_id())
