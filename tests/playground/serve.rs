//! A static file server for the end-to-end test: one folder on a free localhost port, GET only,
//! each request on its own thread. Enough for a page, its script and its module; the page must
//! work from any such server, which is what the test shows.

use std::io::{BufRead as _, BufReader, Write as _};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};

/// Serves `root` until the test process ends; returns the base URL (`http://127.0.0.1:PORT/`).
pub fn serve(root: &Path) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free localhost port");
    let port = listener.local_addr().expect("a bound address").port();
    let root = root.to_path_buf();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let root = root.clone();
            std::thread::spawn(move || answer(stream, &root));
        }
    });
    format!("http://127.0.0.1:{port}/")
}

fn answer(mut stream: TcpStream, root: &Path) {
    let mut reader = BufReader::new(&stream);
    let mut request_line = String::new();
    if reader.read_line(&mut request_line).is_err() {
        return;
    }
    // The headers are read and ignored.
    let mut line = String::new();
    while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
        line.clear();
    }
    let mut parts = request_line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let file = (method == "GET")
        .then(|| local_file(root, target))
        .flatten();
    let response = match file.and_then(|path| Some((std::fs::read(&path).ok()?, path))) {
        Some((body, path)) => {
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                content_type(&path),
                body.len()
            );
            [head.into_bytes(), body].concat()
        }
        None => {
            b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".to_vec()
        }
    };
    let _ = stream.write_all(&response);
}

/// The file a request path names inside `root`, query dropped, `/` being `index.html`; none
/// for a path that would leave the folder.
fn local_file(root: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next()?.trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    let relative = Path::new(path);
    if !relative
        .components()
        .all(|c| matches!(c, Component::Normal(_)))
    {
        return None;
    }
    Some(root.join(relative))
}

/// The type a browser wants: the module compiles while it downloads only when served as
/// `application/wasm`.
fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("svg") => "image/svg+xml",
        _ => "application/octet-stream",
    }
}
