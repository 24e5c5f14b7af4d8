"""The Firebase service layer: loads documents in a transaction, applies the engine, writes the result.

The SDK verifies callers' ID tokens with firebase-admin's default app before our handlers
run, so that app must exist once the functions are imported. Initializing it reads no
credentials and makes no network call.
"""
import firebase_admin

if not firebase_admin._apps:
    firebase_admin.initialize_app()
