"""messhall behind nginx, as scripts/deploy-check sets them up: a game created, joined and played
through the proxy and watched on a WebSocket through it (idle for HOLD seconds, answering the
server's pings as a browser does), /metrics for the allowed address only, and each client behind
the trusted proxy counted apart. Standard library only."""
import base64
import http.client
import json
import os
import socket
import struct
import time

PROXY = ("127.0.0.1", int(os.environ["PROXY_PORT"]))
DIRECT = ("127.0.0.1", int(os.environ["DIRECT_PORT"]))
HOLD = int(os.environ.get("HOLD", "0"))
PROMETHEUS = "127.0.0.5"
NEW_GAME = {"game": "chess", "seats": [{"player": "me"}, {"player": "open"}]}


def request(method, path, body=None, token=None, to=PROXY, source="127.0.0.1"):
    conn = http.client.HTTPConnection(*to, timeout=10, source_address=(source, 0))
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    conn.request(method, path, json.dumps(body) if body is not None else None, headers)
    resp = conn.getresponse()
    text = resp.read().decode()
    conn.close()
    try:
        return resp.status, json.loads(text)
    except ValueError:
        return resp.status, text


def play(gid, token):
    """Plays the first quiet move of the seat of `token`."""
    status, state = request("GET", f"/api/games/{gid}", token=token)
    moves = [m for ms in state["legal"]["from"].values() for m in ms]
    move = ([m for m in moves if m["kind"] == "quiet"] or moves)[0]["coordinates"]
    status, after = request("POST", f"/api/games/{gid}/act", {"ply": state["ply"], "action": move}, token)
    assert status == 200, (status, after)
    return after


class Socket:
    """A game's WebSocket through the proxy, its token as the subprotocol (as the web page sends it)."""

    def __init__(self, path, token):
        self.s = socket.create_connection(PROXY, timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.s.sendall((f"GET {path} HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                        f"Sec-WebSocket-Protocol: messhall, messhall-token.{token}\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.s.recv(1)
        self.status = head.split(b"\r\n")[0].decode()
        self.pings = 0

    def exact(self, n):
        data = b""
        while len(data) < n:
            chunk = self.s.recv(n - len(data))
            if not chunk:
                raise EOFError("the WebSocket closed")
            data += chunk
        return data

    def send(self, opcode, payload=b""):
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.s.sendall(bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + masked)

    def frame(self):
        b0, b1 = self.exact(2)
        n = b1 & 0x7F
        if n == 126:
            n = struct.unpack(">H", self.exact(2))[0]
        elif n == 127:
            n = struct.unpack(">Q", self.exact(8))[0]
        return b0 & 0x0F, self.exact(n)

    def message(self):
        """The next text message; pings are answered on the way."""
        while True:
            opcode, payload = self.frame()
            if opcode == 0x9:
                self.pings += 1
                self.send(0xA, payload)
            elif opcode == 0x8:
                raise EOFError(f"the WebSocket closed: {payload!r}")
            elif opcode == 0x1:
                return json.loads(payload)

    def idle(self, seconds):
        """Only answers pings for `seconds`, as a browser's tab on a game nobody moves in."""
        until = time.time() + seconds
        while time.time() < until:
            self.s.settimeout(max(0.1, until - time.time()))
            try:
                opcode, payload = self.frame()
            except socket.timeout:
                break
            finally:
                self.s.settimeout(30)
            assert opcode == 0x9, f"a message while idle: {opcode}"
            self.pings += 1
            self.send(0xA, payload)


status, health = request("GET", "/health")
print("health through nginx:", status, health)
assert status == 200 and health["node"] == "check-1", health

status, created = request("POST", "/api/games", NEW_GAME)
assert status == 201, created
gid, ann = created["id"], created["tokens"][0]["token"]
status, joined = request("POST", f"/api/games/{gid}/join", {"code": created["joins"][0]["code"]})
assert status == 200, joined
bob = joined["token"]

ws = Socket(f"/api/games/{gid}/ws?since=0", ann)
print("WebSocket through nginx:", ws.status)
assert ws.status.split()[1] == "101", ws.status
assert ws.message()["type"] == "joined"
state = play(gid, ann)
event = ws.message()
print("the move seen on the socket: event", event["n"], event["type"])
assert event["type"] == "moved", event
if HOLD:
    ws.idle(HOLD)
    play(gid, bob)
    event = ws.message()
    print(f"after {HOLD} s without a move, the socket sees the next: event", event["n"], event["type"],
          f"({ws.pings} pings answered)")
    assert event["type"] == "moved", event

status, _ = request("GET", "/metrics")
print("/metrics through nginx from 127.0.0.1:", status)
assert status == 403
status, text = request("GET", "/metrics", source=PROMETHEUS)
open_sockets = [line for line in text.splitlines() if line.startswith("messhall_websockets_open")]
print(f"/metrics through nginx from {PROMETHEUS} (the Prometheus server):", status, open_sockets)
assert status == 200 and open_sockets == ["messhall_websockets_open 1"], text
status, body = request("GET", "/metrics", to=DIRECT)
print("/metrics straight from 127.0.0.1:", status, body)
assert status == 403 and body["code"] == "forbidden"

# Behind the trusted proxy each client is counted apart: 20 games not over per client.
made = [request("POST", "/api/games", NEW_GAME, source="127.0.0.2")[0] for _ in range(21)]
other = request("POST", "/api/games", NEW_GAME, source="127.0.0.3")[0]
print("games from 127.0.0.2 through nginx:", made.count(201), "made,", made.count(429),
      "refused; from 127.0.0.3:", other)
assert made.count(201) == 20 and made[-1] == 429 and other == 201
print("deploy check passed")
