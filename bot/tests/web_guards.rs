//! The web's guards over loopback, no browser: `jetan console --web 127.0.0.1:0` serves
//! the pages, and plain HTTP/1.1 requests check that a move posted on a stale board is
//! refused (409) and changes nothing, that an oversized body is refused (413), that
//! POSTs past the per-client limit are refused (429) and change nothing, and that
//! `/metrics` exposes the outbox depth, the REST retries and failures and the deferrals
//! in Prometheus' text format.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

fn lines_of(out: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

fn wait_for<T>(
    rx: &Receiver<String>,
    seen: &mut Vec<String>,
    what: &str,
    pick: impl Fn(&str) -> Option<T>,
) -> T {
    let limit = Duration::from_secs(60);
    let end = Instant::now() + limit;
    loop {
        match rx.recv_timeout(end.saturating_duration_since(Instant::now())) {
            Ok(line) => {
                let found = pick(&line);
                seen.push(line);
                if let Some(v) = found {
                    return v;
                }
            }
            Err(_) => panic!("waited {limit:?} for {what}; output:\n{}", seen.join("\n")),
        }
    }
}

struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn say(stdin: &mut ChildStdin, line: &str) {
    writeln!(stdin, "{line}").unwrap();
    stdin.flush().unwrap();
}

/// One HTTP/1.1 request to `addr` (`host:port`); the status and the body. The answer is
/// read until the server closes (a reset after the answer, as for a body refused
/// unread, keeps what came before it).
fn http(addr: &str, method: &str, path: &str, form: Option<&str>) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if let Some(body) = form {
        req.push_str(&format!(
            "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        ));
    } else {
        req.push_str("\r\n");
    }
    s.write_all(req.as_bytes()).unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
        }
    }
    let text = String::from_utf8_lossy(&got).to_string();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no HTTP answer to {method} {path}: {text:?}"));
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

/// A form value, percent-encoded.
fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// The player's actions: the board version and the first action's key.
fn actions(addr: &str, token_path: &str) -> (u64, String) {
    let (status, body) = http(addr, "GET", &format!("{token_path}/actions"), None);
    assert_eq!(status, 200, "{body}");
    let json: serde_json::Value = serde_json::from_str(&body).unwrap();
    let version = json["version"].as_u64().unwrap();
    let key = json["actions"][0]["key"]
        .as_str()
        .unwrap_or_else(|| panic!("no action offered: {body}"))
        .to_string();
    (version, key)
}

#[test]
fn stale_oversized_and_too_many_posts_are_refused_and_metrics_are_exposed() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Command::new(env!("CARGO_BIN_EXE_jetan"))
        .args(["console", "--web", "127.0.0.1:0", "--think-ms", "50"])
        .arg("--data")
        .arg(dir.path().join("data"))
        .arg("--out")
        .arg(dir.path().join("out"))
        .env_remove("JETAN_PUBLIC_URL")
        .env_remove("JETAN_WEB_SECRET")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut stdin = console.stdin.take().unwrap();
    let out = lines_of(console.stdout.take().unwrap());
    let _console = Killed(console);
    let mut seen = Vec::new();
    let addr = wait_for(&out, &mut seen, "the web pages' address", |l| {
        l.strip_prefix("--- web pages at http://")
            .and_then(|r| r.split('/').next())
            .map(str::to_string)
    });
    for line in [
        "#general @alice challenge opponent:@bob stake:0 piece_price:0 first:me",
        "#general @bob accept",
        "#general @bob click Confirm",
        "#general @alice web",
    ] {
        say(&mut stdin, line);
    }
    let link = wait_for(&out, &mut seen, "Alice's link", |l| {
        l.strip_prefix("[link] Play in the browser → ")
            .map(str::to_string)
    });
    let path = format!("/p/{}", link.rsplit("/p/").next().unwrap());
    let (version, key) = actions(&addr, &path);
    let stale = if version > 0 {
        version - 1
    } else {
        version + 1
    };
    let post = |version: u64, key: &str| {
        http(
            &addr,
            "POST",
            &format!("{path}/move"),
            Some(&format!("key={}&version={version}", encode(key))),
        )
    };

    // A stale board: refused, nothing played.
    let (status, body) = post(stale, &key);
    assert_eq!(status, 409, "a stale board is refused: {body}");
    assert!(body.contains("\"stale\":true"), "{body}");
    assert_eq!(
        actions(&addr, &path),
        (version, key.clone()),
        "a stale post changes nothing"
    );

    // An oversized body: refused before the handler.
    let big = "a".repeat(4096);
    let (status, _) = post(version, &big);
    assert_eq!(status, 413, "an oversized body is refused");

    // Past the per-client limit: refused, and then even a good move plays nothing.
    let mut limited = false;
    for _ in 0..40 {
        let (status, body) = post(stale, &key);
        if status == 429 {
            limited = true;
            break;
        }
        assert_eq!(status, 409, "{body}");
    }
    assert!(limited, "40 quick posts from one client meet the limit");
    let (status, body) = post(version, &key);
    assert_eq!(status, 429, "a good move past the limit is refused: {body}");
    assert_eq!(
        actions(&addr, &path),
        (version, key.clone()),
        "a refused post changes nothing"
    );

    // The operators' figures.
    let (status, text) = http(&addr, "GET", "/metrics", None);
    assert_eq!(status, 200);
    for (name, kind) in [
        ("jetan_outbox_depth", "gauge"),
        ("jetan_rest_retries_total", "counter"),
        ("jetan_rest_failures_total", "counter"),
        ("jetan_deferred_total", "counter"),
    ] {
        assert!(
            text.contains(&format!("# TYPE {name} {kind}\n")),
            "{name} typed: {text}"
        );
        let value = text
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{name} ")))
            .unwrap_or_else(|| panic!("{name} missing: {text}"));
        assert!(value.parse::<f64>().is_ok(), "{name} {value}");
    }
    assert!(
        text.contains("jetan_web_requests_total{route=\"move\",status=\"409\"}"),
        "{text}"
    );
    assert!(
        text.contains("jetan_web_requests_total{route=\"move\",status=\"429\"}"),
        "{text}"
    );
}
