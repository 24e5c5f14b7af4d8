// One Firebase app wired to the local Emulator Suite (project demo-floating-bridge).
// Against a real project you would pass its config and skip the connect*Emulator calls.

import { initializeApp } from "firebase/app";
import { connectAuthEmulator, getAuth } from "firebase/auth";
import { connectFirestoreEmulator, getFirestore } from "firebase/firestore";
import { connectFunctionsEmulator, getFunctions } from "firebase/functions";

const EMULATOR_HOST = "127.0.0.1";

export const app = initializeApp({
  projectId: "demo-floating-bridge",
  apiKey: "fake-api-key", // the emulators accept any key
  authDomain: "demo-floating-bridge.firebaseapp.com",
});

export const auth = getAuth(app);
export const db = getFirestore(app);
export const functions = getFunctions(app, "us-central1");

connectAuthEmulator(auth, `http://${EMULATOR_HOST}:9099`, { disableWarnings: true });
connectFirestoreEmulator(db, EMULATOR_HOST, 8080);
connectFunctionsEmulator(functions, EMULATOR_HOST, 5001);
