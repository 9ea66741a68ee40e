"""What grows with what (docs/deploy.md): `messhall serve`'s resident memory per game held, per move
and per WebSocket, and the database's size per game and per entry.

    python3 scripts/serve_costs.py sqlite:/tmp/costs.db        (a new file)
    python3 scripts/serve_costs.py postgres://.../an_empty_db  (sizes read with psql)

It starts `target/debug/messhall serve` (or $MESSHALL) as the one client of a trusted proxy, so that
X-Forwarded-For spreads its games over many clients and the limits per client do not stop it, and
stops it at the end. Standard library only."""
import base64
import http.client
import json
import os
import socket
import subprocess
import sys
import time

DB = sys.argv[1]
GAMES, MOVES, SOCKETS, COMPUTER = 1000, 10, 500, 100
PORT = 18000 + os.getpid() % 1000
conn = None


def request(method, path, body=None, token=None, client="10.0.0.1"):
    global conn
    if conn is None:
        conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
    headers = {"Content-Type": "application/json", "X-Forwarded-For": client}
    if token:
        headers["Authorization"] = "Bearer " + token
    conn.request(method, path, json.dumps(body) if body is not None else None, headers)
    resp = conn.getresponse()
    data = json.loads(resp.read())
    if resp.getheader("connection", "").lower() == "close":
        conn.close()
        conn = None
    return resp.status, data


def rss_kib():
    """The server's resident memory, after a pause for work under way to finish."""
    time.sleep(2)
    for line in open(f"/proc/{server.pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])


def db_bytes():
    if DB.startswith("sqlite:"):
        import sqlite3
        db = sqlite3.connect(f"file:{DB[len('sqlite:'):]}?mode=ro", uri=True)
        size = db.execute("PRAGMA page_count").fetchone()[0] * db.execute("PRAGMA page_size").fetchone()[0]
        db.close()
        return size
    sql = "select pg_total_relation_size('games') + pg_total_relation_size('seats') + pg_total_relation_size('entries')"
    return int(subprocess.run(["psql", DB, "-qAtc", sql], check=True, capture_output=True, text=True).stdout)


def first_move(state):
    moves = [m for ms in state["legal"]["from"].values() for m in ms]
    return ([m for m in moves if m["kind"] == "quiet"] or moves)[0]["coordinates"]


def client_of(i):
    """15 games per client: under the 20 not over and 120 an hour a client may have."""
    return f"10.{i // 15 // 250}.{i // 15 % 250}.1"


def two_people(i):
    c = client_of(i)
    status, created = request("POST", "/api/games", {"game": "chess", "seats": [{"player": "me"}, {"player": "open"}]}, client=c)
    assert status == 201, created
    gid = created["id"]
    status, joined = request("POST", f"/api/games/{gid}/join", {"code": created["joins"][0]["code"]}, client=c)
    assert status == 200, joined
    return gid, [created["tokens"][0]["token"], joined["token"]], c


binary = os.environ.get("MESSHALL", "target/debug/messhall")
server = subprocess.Popen([binary, "serve", "--addr", f"127.0.0.1:{PORT}", "--db", DB, "--trusted-proxy", "127.0.0.1",
                           "--connections-per-address", "4096"], stderr=subprocess.DEVNULL)
try:
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", PORT)).close()
            break
        except OSError:
            time.sleep(0.1)
    two_people(10**6)  # the first game's one-time costs
    empty, base = db_bytes(), rss_kib()
    games = [two_people(i) for i in range(GAMES)]
    held, joined = rss_kib(), db_bytes()
    print(f"{GAMES} games of two people held (a join each): {(held - base) / GAMES:.1f} KiB a game")
    print(f"database: {(joined - empty) / GAMES:.0f} bytes a game with its seats and a join")
    for gid, tokens, c in games:
        for m in range(MOVES):
            status, state = request("GET", f"/api/games/{gid}", token=tokens[m % 2], client=c)
            status, state = request("POST", f"/api/games/{gid}/act", {"ply": state["ply"], "action": first_move(state)},
                                    tokens[m % 2], client=c)
            assert status == 200, state
    played, moved = rss_kib(), db_bytes()
    print(f"then {MOVES} moves in each: {(played - held) * 1024 / GAMES / MOVES:.0f} bytes a move held")
    print(f"database: {(moved - joined) / GAMES / MOVES:.0f} bytes an entry")

    sockets = []
    for i in range(SOCKETS):
        s = socket.create_connection(("127.0.0.1", PORT))
        key = base64.b64encode(os.urandom(16)).decode()
        s.sendall((f"GET /api/games/{games[i // 150][0]}/ws?since=0 HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nX-Forwarded-For: 10.200.{i // 30}.1\r\nSec-WebSocket-Key: {key}\r\n"
                   f"Sec-WebSocket-Version: 13\r\n\r\n").encode())
        assert b" 101 " in s.recv(200)
        sockets.append(s)
    watched = rss_kib()
    print(f"{SOCKETS} WebSockets open: {(watched - played) / SOCKETS:.1f} KiB a socket")
    for s in sockets:
        s.close()

    before = rss_kib()
    for i in range(COMPUTER):
        c = f"10.100.{i // 15}.1"
        status, created = request("POST", "/api/games", {"game": "chess", "seats": [{"player": "me"}, {"player": "level=1"}]},
                                  client=c)
        assert status == 201, created
        gid, me = created["id"], created["tokens"][0]["token"]
        status, state = request("POST", f"/api/games/{gid}/act", {"ply": 0, "action": first_move(created["state"])}, me,
                                client=c)
        assert status == 200, state
        while state["ply"] < 2:
            time.sleep(0.05)
            status, state = request("GET", f"/api/games/{gid}", client=c)
    after = rss_kib()
    print(f"{COMPUTER} games against the computer (level=1, after its first move): {(after - before) / COMPUTER:.0f} KiB a game")
finally:
    server.terminate()
    server.wait()
