// Preloaded into firebase-tools by scripts/env.sh (NODE_OPTIONS=--require).
// The Functions emulator proxies every call to a Python worker (gunicorn) over Node's global
// HTTP agent, which keeps idle sockets for 5 s; the worker closes an idle keep-alive
// connection after 2 s. A call sent on a socket the worker is just closing fails with
// ECONNRESET: the emulator answers 500 {"code":"ECONNRESET"} and restarts the worker. Without
// keep-alive that race cannot happen; a fresh loopback connection costs well under 1 ms.
const http = require("http");
http.globalAgent = new http.Agent({ keepAlive: false });
