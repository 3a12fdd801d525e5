// One WebSocket to a table, as one seat (a token) or as a spectator (none): says hello, hands every
// message on, and when the connection drops comes back with growing pauses, saying hello with the
// version whose events it already has (so only the newer ones are sent again).

const PAUSES = [500, 1000, 2000, 4000, 8000];
const LONGEST_PAUSE = 10000;
// Close codes after which trying again cannot help: a token the table does not know, no such table, a
// hello the server did not take.
const FINAL = new Set([4400, 4403, 4404]);

export class Link {
  constructor({ table, token, onMessage, onStatus }) {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    this.url = `${scheme}//${location.host}/tables/${encodeURIComponent(table)}/ws`;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.since = 0;
    this.failures = 0;
    this.socket = null;
    this.stopped = false;
    this.timer = null;
  }

  start() {
    this.stopped = false;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({ type: "hello", token: this.token, since: this.since }));
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return; // the server sends JSON only; anything else is not a message
      }
      if (message.type === "state") {
        this.since = message.version;
        if (this.failures) this.onStatus({ connected: true });
        this.failures = 0;
      }
      this.onMessage(message);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket || this.stopped) return;
      this.socket = null;
      if (FINAL.has(event.code)) {
        this.onStatus({ connected: false, final: true, code: event.code });
        return;
      }
      const pause = PAUSES[this.failures] || LONGEST_PAUSE;
      this.failures += 1;
      this.onStatus({ connected: false, retryIn: pause });
      this.timer = setTimeout(() => this.start(), pause);
    });
  }

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close(1000);
    this.socket = null;
  }
}
