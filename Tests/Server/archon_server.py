"""The Archon reference backend for Courier's live tests.

Supabase-style auth with short-lived JWTs and single-use rotating refresh tokens, PostgREST-style
tables, tasks that move created -> running -> completed/failed over time, a server-sent-events
chat stream, multipart uploads, the envelope-style feed, Supabase Realtime at /realtime/v1/websocket
(the tasks table's changes as `postgres_changes`, broadcast; `phoenix_hub.py`), and admin routes
that inject faults and read counters.

Usage: python archon_server.py  (picks a free port, prints it on the first line of stdout, and
stops when standard input closes: the tests' mode), or python archon_server.py --port 8080 (a
fixed port, for a person; stop it with Ctrl-C).
"""
import asyncio
import datetime as dt
import json
import os
import signal
import socket
import sys
import threading
import time
import uuid
from collections import defaultdict

import jwt
import uvicorn
from fastapi import FastAPI, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel
from sse_starlette.sse import EventSourceResponse
from starlette.middleware.base import BaseHTTPMiddleware

from phoenix_hub import ChannelHub, Peer

SECRET = "archon-test-secret"
ANON_KEY = "anon-key"
USERS = {"ann@example.com": {"password": "secret", "id": str(uuid.UUID(int=1))}}


def now_text(moment=None):
    """PostgreSQL style: microseconds and +00:00."""
    moment = moment or dt.datetime.now(dt.timezone.utc)
    return moment.isoformat(timespec="microseconds")


class State:
    def __init__(self):
        self.reset()

    def reset(self):
        self.access_lifetime = 3600
        self.refresh_tokens = {}  # token -> user id; a token is used once
        self.revoked = set()
        self.issued = set()  # every access token id handed out
        self.counters = defaultdict(int)
        self.faults = defaultdict(list)  # route -> [fault, ...] applied in order
        self.disconnects = 0
        self.open_streams = 0  # chat streams the server is still writing
        self.projects = []
        self.tasks = {}
        self.posts = [
            {"id": i, "title": f"Post {i}", "body": f"Body {i}", "author_name": "Ann", "like_count": 0,
             "liked_by_me": False, "image_url": None, "created_at": now_text()}
            for i in range(1, 26)
        ]
        self.unknown_status_task = None


state = State()


def authorize_realtime(token):
    """Realtime's check of a channel's access token: (None, its expiry) or (why not, None)."""
    if not token:
        return "Invalid JWT: no access token", None
    try:
        claims = jwt.decode(token, SECRET, algorithms=["HS256"])
    except jwt.ExpiredSignatureError:
        return "Token has expired", None
    except jwt.InvalidTokenError as error:
        return f"Invalid JWT: {error}", None
    if claims.get("jti") in state.revoked:
        return "Invalid JWT: revoked", None
    return None, claims["exp"]


realtime = ChannelHub(authorize_realtime)
app = FastAPI(title="Archon Reference", description="The reference backend of Courier's tests.", version="1.0")


class Project(BaseModel):
    """A project: the workspace that tasks belong to."""
    id: str
    name: str
    description: str | None = None
    owner_id: str
    created_at: str
    updated_at: str | None = None


class NewProject(BaseModel):
    """The fields of a new project."""
    name: str
    description: str | None = None


def openapi_document():
    """The OpenAPI document, with the auth the Gate middleware enforces: the anon key in the
    apikey header and a bearer token, except where an operation says security: []."""
    if app.openapi_schema:
        return app.openapi_schema
    document = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes)
    document.setdefault("components", {})["securitySchemes"] = {
        "bearer": {"type": "http", "scheme": "bearer"},
        "anonKey": {"type": "apiKey", "in": "header", "name": "apikey"},
    }
    document["security"] = [{"bearer": [], "anonKey": []}]
    app.openapi_schema = document
    return document


app.openapi = openapi_document


def issue_session(user_id):
    issued = int(time.time())
    access = jwt.encode({"sub": user_id, "iat": issued, "exp": issued + state.access_lifetime,
                         "jti": uuid.uuid4().hex, "role": "authenticated"}, SECRET, algorithm="HS256")
    refresh = uuid.uuid4().hex
    state.refresh_tokens[refresh] = user_id
    state.issued.add(jwt.decode(access, SECRET, algorithms=["HS256"], options={"verify_exp": False})["jti"])
    return {"access_token": access, "token_type": "bearer", "expires_in": state.access_lifetime,
            "expires_at": issued + state.access_lifetime, "refresh_token": refresh,
            "user": {"id": user_id, "email": "ann@example.com", "aud": "authenticated", "role": "authenticated",
                     "app_metadata": {"provider": "email"}, "user_metadata": {}, "created_at": now_text()}}


def auth_error(message, status=401):
    return JSONResponse({"code": status, "error_code": "bad_jwt", "msg": message}, status_code=status)


def route_key(request: Request):
    path = request.url.path
    for prefix in ("/rest/v1/tasks/", "/posts/"):
        if path.startswith(prefix) and path != prefix:
            rest = path[len(prefix):].split("/")
            return request.method + " " + prefix + "{id}" + ("/" + "/".join(rest[1:]) if len(rest) > 1 else "")
    return request.method + " " + path


class Gate(BaseHTTPMiddleware):
    """Counts requests, applies injected faults, and checks the API key and bearer token."""

    async def dispatch(self, request, call_next):
        key = route_key(request)
        if request.url.path.startswith("/_admin") or request.url.path == "/openapi.json":
            return await call_next(request)
        state.counters[key] += 1
        if key.startswith("POST /auth/v1/token") and request.query_params.get("grant_type") == "refresh_token":
            state.counters["refreshes"] += 1
        faults = state.faults.get(key)
        if faults:
            fault = faults.pop(0)
            kind = fault["kind"]
            if kind == "status":
                headers = {"Retry-After": str(fault["retry_after"])} if fault.get("retry_after") is not None else {}
                return JSONResponse({"message": fault.get("message", "injected")}, status_code=fault["status"], headers=headers)
            if kind == "delay":
                await asyncio.sleep(fault["seconds"])
            if kind == "cut":
                # Promise a body, send part of it, then fail: the server drops the connection
                # mid-body, after the request surely reached it.
                await request.body()

                async def partial():
                    yield b'{"id": '
                    raise ConnectionAbortedError("injected cut")

                return StreamingResponse(partial(), media_type="application/json", headers={"Content-Length": "100"})
            if kind == "malformed":
                return Response(fault["body"], media_type="application/json")
        if request.url.path == "/oauth/token":
            # A separate OAuth 2.0 authorization server: no API key, no bearer token.
            return await call_next(request)
        if request.headers.get("apikey") != ANON_KEY:
            return JSONResponse({"message": "No API key found in request"}, status_code=401)
        if not request.url.path.startswith("/auth/v1/token"):
            header = request.headers.get("authorization", "")
            if not header.startswith("Bearer "):
                return auth_error("missing bearer token")
            try:
                claims = jwt.decode(header[7:], SECRET, algorithms=["HS256"])
            except jwt.ExpiredSignatureError:
                return auth_error("JWT expired")
            except jwt.InvalidTokenError:
                return auth_error("invalid JWT")
            if claims["jti"] in state.revoked:
                return auth_error("session revoked")
            request.state.user = claims["sub"]
            request.state.jti = claims["jti"]
        return await call_next(request)


app.add_middleware(Gate)

# ---------------------------------------------------------------- auth


@app.post("/auth/v1/token", openapi_extra={"security": []}, tags=["auth"])
async def token(request: Request, grant_type: str):
    body = await request.json()
    if grant_type == "password":
        user = USERS.get(body.get("email"))
        if not user or user["password"] != body.get("password"):
            return JSONResponse({"error": "invalid_grant", "error_description": "Invalid login credentials"}, status_code=400)
        return issue_session(user["id"])
    if grant_type == "id_token":
        if body.get("provider") != "apple" or not body.get("id_token"):
            return JSONResponse({"error": "invalid_grant", "error_description": "Bad ID token"}, status_code=400)
        return issue_session(str(uuid.UUID(int=2)))
    if grant_type == "refresh_token":
        user_id = state.refresh_tokens.pop(body.get("refresh_token"), None)
        if user_id is None:
            return JSONResponse({"error": "invalid_grant", "error_description": "Invalid Refresh Token: Already Used"}, status_code=400)
        await asyncio.sleep(0.05)
        return issue_session(user_id)
    return JSONResponse({"error": "unsupported_grant_type"}, status_code=400)


@app.post("/oauth/token", include_in_schema=False)
async def oauth_token(request: Request):
    """The OAuth 2.0 refresh grant (RFC 6749 section 6), form-encoded; the refresh token stays
    valid and none is sent back, as the RFC allows."""
    form = await request.form()
    if form.get("grant_type") != "refresh_token":
        return JSONResponse({"error": "unsupported_grant_type"}, status_code=400)
    user_id = state.refresh_tokens.get(form.get("refresh_token"))
    if user_id is None:
        return JSONResponse({"error": "invalid_grant", "error_description": "Unknown refresh token"}, status_code=400)
    state.counters["oauth refreshes"] += 1
    session = issue_session(user_id)
    return {"access_token": session["access_token"], "token_type": "Bearer", "expires_in": state.access_lifetime}


@app.post("/auth/v1/logout")
async def logout(request: Request):
    state.revoked.add(request.state.jti)
    return Response(status_code=204)


@app.get("/auth/v1/user")
async def user(request: Request):
    return issue_session(request.state.user)["user"]

# ---------------------------------------------------------------- projects and tasks


@app.get("/rest/v1/projects", response_model=list[Project], operation_id="listProjects", tags=["projects"])
async def list_projects(order: str = "created_at.desc"):
    """List the signed-in user's projects, newest first."""
    return sorted(state.projects, key=lambda p: p["created_at"], reverse=order.endswith(".desc"))


@app.head("/rest/v1/projects")
async def count_projects(request: Request):
    """PostgREST's count: with Prefer: count=exact, Content-Range says how many rows there are."""
    total = len(state.projects)
    headers = {"Content-Range": f"0-{total - 1}/{total}" if total else "*/0"}
    if "count=exact" not in request.headers.get("prefer", ""):
        headers["Content-Range"] = f"0-{total - 1}/*" if total else "*/*"
    return Response(status_code=200, headers=headers)


@app.post("/rest/v1/projects", response_model=list[Project], status_code=201, operation_id="createProject", tags=["projects"])
async def create_project(new: NewProject, request: Request):
    """Create a project."""
    body = new.model_dump()
    project = {"id": str(uuid.uuid4()), "name": body["name"], "description": body.get("description"),
               "owner_id": request.state.user, "created_at": now_text(), "updated_at": None}
    state.projects.append(project)
    return JSONResponse([project], status_code=201)


def new_task(project_id, title, steps=3, fail=False, step_seconds=0.3):
    task_id = str(uuid.uuid4())
    task = {"id": task_id, "project_id": project_id, "title": title, "status": "created", "error_message": None,
            "events": [], "steps": [{"id": str(uuid.uuid4()), "name": f"Step {i + 1}", "status": "pending", "position": i,
                                     "started_at": None, "completed_at": None} for i in range(steps)],
            "progress": 0, "created_at": now_text(), "updated_at": None, "_listeners": [], "_fail": fail, "_step_seconds": step_seconds}
    state.tasks[task_id] = task
    publish(task, "INSERT")
    return task


# The tasks table's columns, as Supabase Realtime names their types; a change carries these only
# (events and steps are rows of their own tables).
TASK_COLUMNS = [("id", "uuid"), ("project_id", "uuid"), ("title", "text"), ("status", "text"), ("progress", "int4"),
                ("error_message", "text"), ("created_at", "timestamptz"), ("updated_at", "timestamptz")]


def row(task):
    return {name: task[name] for name, _ in TASK_COLUMNS}


def publish(task, kind):
    """Tells Realtime's subscribers of the tasks table; the table's replica identity is DEFAULT,
    so the old record of an update or a delete holds the primary key only."""
    realtime.publish_change("tasks", kind, row(task), {"id": task["id"]}, TASK_COLUMNS)


def public(task):
    return {k: v for k, v in task.items() if not k.startswith("_")}


def add_event(task, kind, message, metadata=None):
    event = {"id": str(uuid.uuid4()), "task_id": task["id"], "type": kind, "message": message,
             "metadata": metadata, "created_at": now_text()}
    task["events"].append(event)
    for queue in list(task["_listeners"]):
        queue.put_nowait(("task_event", {"type": "task_event", "event": event}))
    return event


def notify(task):
    publish(task, "UPDATE")
    for queue in list(task["_listeners"]):
        queue.put_nowait(("task_update", {"type": "task_update", "task": public(task)}))


# The event loop keeps only weak references to tasks: a task nobody holds can be collected
# before it ends, and a chat stream waiting for its updates would then wait forever.
running = set()


def start_running(task):
    runner = asyncio.get_running_loop().create_task(run_task(task))
    running.add(runner)
    runner.add_done_callback(running.discard)


async def run_task(task):
    await asyncio.sleep(task["_step_seconds"])
    if task["status"] == "cancelled":
        return
    task["status"] = "running"
    task["updated_at"] = now_text()
    notify(task)
    for step in task["steps"]:
        if task["status"] == "cancelled":
            return
        step["status"] = "running"
        step["started_at"] = now_text()
        add_event(task, "step_started", step["name"])
        await asyncio.sleep(task["_step_seconds"])
        if task["status"] == "cancelled":
            return
        step["status"] = "completed"
        step["completed_at"] = now_text()
        task["progress"] += 1
        task["updated_at"] = now_text()
        publish(task, "UPDATE")
        add_event(task, "step_completed", step["name"])
        add_event(task, "file_created", "Created a file", {"path": f"src/{step['position']}.swift", "language": "swift"})
    if task["_fail"]:
        task["status"] = "failed"
        task["error_message"] = "The model gave up"
        add_event(task, "error", "The model gave up")
    else:
        task["status"] = "completed"
    task["updated_at"] = now_text()
    notify(task)


@app.get("/rest/v1/tasks")
async def list_tasks(project_id: str = "", order: str = "created_at.desc"):
    if not project_id.startswith("eq."):
        return JSONResponse({"code": "PGRST100", "message": "filter project_id must look like eq.<id>"}, status_code=400)
    wanted = project_id[3:]
    tasks = [public(t) for t in state.tasks.values() if t["project_id"] == wanted]
    return sorted(tasks, key=lambda t: t["created_at"], reverse=order.endswith(".desc"))


@app.get("/rest/v1/tasks/{task_id}")
async def get_task(task_id: str):
    task = state.tasks.get(task_id)
    if task is None:
        return JSONResponse({"code": "PGRST116", "message": "no task with this id"}, status_code=404)
    body = public(task)
    if task_id == state.unknown_status_task:
        body["status"] = "paused_for_review"
    return body


@app.get("/functions/v1/tasks/{task_id}/log")
async def task_log(task_id: str):
    """The task's events as a plain-text log, one line each."""
    task = state.tasks.get(task_id)
    if task is None:
        return JSONResponse({"message": "no task with this id"}, status_code=404)
    lines = [f"{event['created_at']} {event['type']}: {event['message']}" for event in task["events"]]
    return Response("\n".join(lines) + "\n", media_type="text/plain; charset=utf-8")


@app.post("/rest/v1/tasks/{task_id}/cancel")
async def cancel_task(task_id: str):
    task = state.tasks.get(task_id)
    if task is None:
        return JSONResponse({"message": "no task with this id"}, status_code=404)
    if task["status"] in ("completed", "failed", "cancelled"):
        return JSONResponse({"message": f"the task is already {task['status']}"}, status_code=409)
    task["status"] = "cancelled"
    task["updated_at"] = now_text()
    notify(task)
    return public(task)

# ---------------------------------------------------------------- Supabase Realtime


@app.websocket("/realtime/v1/websocket")
async def realtime_socket(websocket: WebSocket, apikey: str = "", vsn: str = ""):
    if apikey != ANON_KEY or vsn != "1.0.0":
        await websocket.close(code=1008)
        return
    await websocket.accept()

    def abort():
        # uvicorn's protocol object is the ASGI send's owner; its transport drops the TCP connection.
        transport = getattr(getattr(websocket._send, "__self__", None), "transport", None)
        if transport is not None:
            transport.abort()

    peer = Peer(websocket.send_text, abort, lambda code, reason: websocket.close(code=code, reason=reason))
    realtime.connected(peer)
    try:
        while True:
            realtime.receive(peer, await websocket.receive_text())
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        realtime.disconnected(peer)


@app.post("/_admin/realtime/{action}", include_in_schema=False)
async def admin_realtime(action: str, request: Request):
    """Misbehaves on command (drop, deaf, close, expire, crash, refuse, malformed, oversized), or
    reports what the Realtime endpoint saw (stats)."""
    if action == "stats":
        return realtime.stats_now()
    return realtime.control(action, dict(request.query_params))


@app.delete("/_admin/tasks/{task_id}", include_in_schema=False)
async def admin_delete_task(task_id: str):
    task = state.tasks.pop(task_id, None)
    if task is None:
        return JSONResponse({"message": "no task with this id"}, status_code=404)
    realtime.publish_change("tasks", "DELETE", None, {"id": task_id}, TASK_COLUMNS)
    return {}


# ---------------------------------------------------------------- chat (SSE)


@app.post("/functions/v1/chat")
async def chat(request: Request):
    body = await request.json()
    task = new_task(body["project_id"], body["message"][:40], steps=int(os.environ.get("CHAT_STEPS", "3")))
    queue = asyncio.Queue()
    task["_listeners"].append(queue)
    start_running(task)

    async def events():
        state.open_streams += 1
        try:
            yield {"event": "message", "data": json.dumps({"type": "delta", "content": "Working on it"})}
            yield {"event": "message", "data": json.dumps({"type": "task_update", "task": public(task)})}
            while True:
                kind, payload = await queue.get()
                yield {"event": "message", "data": json.dumps(payload)}
                if kind == "task_update" and payload["task"]["status"] in ("completed", "failed", "cancelled"):
                    break
            yield {"event": "message", "data": json.dumps({"type": "done", "task_id": task["id"]})}
        except asyncio.CancelledError:
            state.disconnects += 1
            raise
        finally:
            state.open_streams -= 1
            task["_listeners"].remove(queue)

    return EventSourceResponse(events(), ping=60)


# ---------------------------------------------------------------- uploads


@app.post("/functions/v1/upload")
async def upload(request: Request):
    form = await request.form()
    file = form["file"]
    data = await file.read()
    return {"data": {"id": str(uuid.uuid4()), "path": f"{form['project_id']}/{file.filename}", "size": len(data),
                     "mime_type": file.content_type, "url": None}}

# ---------------------------------------------------------------- feed and posts


@app.get("/feed")
async def feed(cursor: str | None = None, limit: int = 10):
    start = int(cursor) if cursor else 0
    page = state.posts[start:start + limit]
    following = start + limit
    return {"data": page, "cursor": str(following) if following < len(state.posts) else None}


def find_post(post_id):
    return next((p for p in state.posts if p["id"] == post_id), None)


@app.get("/posts/{post_id}")
async def get_post(post_id: int):
    post = find_post(post_id)
    return {"data": post} if post else JSONResponse({"message": "no such post"}, status_code=404)


@app.post("/posts")
async def create_post(request: Request):
    body = await request.json()
    if not body.get("title"):
        return JSONResponse({"message": "title can't be blank"}, status_code=422)
    post = {"id": len(state.posts) + 1, "title": body["title"], "body": body["body"], "author_name": "Ann",
            "like_count": 0, "liked_by_me": False, "image_url": None, "created_at": now_text()}
    state.posts.append(post)
    return JSONResponse({"data": post}, status_code=201)


@app.post("/posts/{post_id}/like")
async def like(post_id: int):
    post = find_post(post_id)
    if not post["liked_by_me"]:
        post["liked_by_me"] = True
        post["like_count"] += 1
    return Response(status_code=204)


@app.delete("/posts/{post_id}/like")
async def unlike(post_id: int):
    post = find_post(post_id)
    if post["liked_by_me"]:
        post["liked_by_me"] = False
        post["like_count"] -= 1
    return Response(status_code=204)


@app.post("/posts/{post_id}/image")
async def post_image(post_id: int, request: Request):
    form = await request.form()
    image = await form["image"].read()
    post = find_post(post_id)
    post["image_url"] = f"https://cdn.example.com/{post_id}-{len(image)}.jpg"
    return {"data": post}

# ---------------------------------------------------------------- admin (tests only)


@app.post("/_admin/reset", include_in_schema=False)
async def admin_reset():
    state.reset()
    return {}


@app.post("/_admin/config", include_in_schema=False)
async def admin_config(request: Request):
    body = await request.json()
    if "access_lifetime" in body:
        state.access_lifetime = body["access_lifetime"]
    if body.get("drop_refresh_tokens"):
        state.refresh_tokens.clear()
    if body.get("revoke_access_tokens"):
        state.revoked |= state.issued
    return {}


@app.post("/_admin/faults", include_in_schema=False)
async def admin_faults(request: Request):
    """{"route": "GET /rest/v1/tasks/{id}", "faults": [{"kind": "status", "status": 503}, ...]}"""
    body = await request.json()
    state.faults[body["route"]].extend(body["faults"])
    return {}


@app.get("/_admin/wait-disconnects", include_in_schema=False)
async def admin_wait_disconnects(count: int = 1):
    """Answers once `count` streams have been dropped by their clients (or after 20 s), so a
    test waits for the server's word instead of polling."""
    deadline = time.monotonic() + 20
    while state.disconnects < count and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    return await admin_counters()


@app.get("/_admin/counters", include_in_schema=False)
async def admin_counters():
    return {"requests": dict(state.counters), "disconnects": state.disconnects, "open_streams": state.open_streams}


@app.post("/_admin/tasks", include_in_schema=False)
async def admin_task(request: Request):
    """Creates a task directly: {"project_id", "title", "steps", "fail", "step_seconds", "unknown_status"}."""
    body = await request.json()
    task = new_task(body["project_id"], body.get("title", "Task"), body.get("steps", 2), body.get("fail", False),
                    body.get("step_seconds", 0.2))
    if body.get("unknown_status"):
        state.unknown_status_task = task["id"]
    if body.get("start", True):
        start_running(task)
    return public(task)


def main():
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    port = int(sys.argv[sys.argv.index("--port") + 1]) if "--port" in sys.argv else None
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port or 0))
    listener.listen(128)  # before the port is printed, so the first request is never refused
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    print(listener.getsockname()[1], flush=True)
    if port is None:
        # Closing standard input stops the server, so a test that dies leaves nothing running.
        threading.Thread(target=lambda: (sys.stdin.read(), setattr(server, "should_exit", True)), daemon=True).start()
    else:
        print(f"The Archon reference server is at http://127.0.0.1:{port} (Ctrl-C stops it)", flush=True)
    server.run(sockets=[listener])


if __name__ == "__main__":
    main()
