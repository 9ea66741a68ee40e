//! Debian's nginx in front of `serve` nodes, configured as docs/deploy.md says: its nginx block,
//! with the nodes as the upstream's servers and a loopback port to listen on. Each request's
//! upstream goes to the access log, so a test can tell which node answered.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

/// A running nginx; stopped (gracefully, as its workers outlive a killed master) when dropped.
pub struct Nginx {
    /// Where it listens (HOST:PORT).
    pub addr: String,
    dir: PathBuf,
    process: super::Process,
}

/// The nginx binary: Debian's, else one on the PATH; `None` (and a loud skip, or a failure under
/// CI) when there is none.
fn binary() -> Option<PathBuf> {
    let found = ["/usr/sbin/nginx"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
        .or_else(|| {
            let out = Command::new("sh").args(["-c", "command -v nginx"]).output().ok()?;
            let path = String::from_utf8(out.stdout).ok()?;
            (!path.trim().is_empty()).then(|| PathBuf::from(path.trim()))
        });
    if found.is_none() {
        if std::env::var_os("CI").is_some() {
            panic!("CI is set but nginx is not installed (scripts/test --install installs it)");
        }
        eprintln!("SKIPPED: no nginx (apt-get install nginx)");
    }
    found
}

/// docs/deploy.md's site: its first nginx block, with `nodes` as the upstream and listening on
/// `port` of the loopback.
fn site(nodes: &[&str], port: u16) -> String {
    let doc = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../docs/deploy.md");
    let text = std::fs::read_to_string(doc).unwrap();
    let block: String = text
        .split("```nginx\n")
        .nth(1)
        .and_then(|rest| rest.split("\n```").next())
        .expect("docs/deploy.md has an nginx block")
        .to_string();
    let servers: String = nodes.iter().map(|n| format!("    server {n};\n")).collect();
    let one = "    server 127.0.0.1:8080;\n";
    assert!(block.contains(one), "docs/deploy.md's upstream names 127.0.0.1:8080");
    assert!(block.contains("listen 80;"), "docs/deploy.md's site listens on 80");
    block
        .replace(one, &servers)
        .replace("listen 80;", &format!("listen 127.0.0.1:{port};"))
}

/// A port of the loopback that nothing listens on.
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

impl Nginx {
    /// nginx in front of `nodes` (HOST:PORT each); `None` where nginx is not installed.
    pub fn start(nodes: &[&str]) -> Option<Nginx> {
        let binary = binary()?;
        let dir = std::env::temp_dir().join(format!("messhall-nginx-{}-{}", std::process::id(), free_port()));
        std::fs::create_dir_all(dir.join("tmp")).unwrap();
        let port = free_port();
        std::fs::write(dir.join("site.conf"), site(nodes, port)).unwrap();
        let d = dir.display();
        let conf = format!(
            "worker_processes 1;
pid {d}/nginx.pid;
error_log {d}/error.log;
events {{ worker_connections 1024; }}
http {{
    log_format upstream '$request_method $uri $status $upstream_addr';
    access_log {d}/access.log upstream;
    client_body_temp_path {d}/tmp/body;
    proxy_temp_path {d}/tmp/proxy;
    fastcgi_temp_path {d}/tmp/fastcgi;
    uwsgi_temp_path {d}/tmp/uwsgi;
    scgi_temp_path {d}/tmp/scgi;
    include {d}/site.conf;
}}
"
        );
        std::fs::write(dir.join("nginx.conf"), conf).unwrap();
        let mut command = Command::new(binary);
        command
            .arg("-e")
            .arg(dir.join("error.log"))
            .arg("-c")
            .arg(dir.join("nginx.conf"));
        command.args(["-g", "daemon off;"]);
        let process = super::Process::spawn(command, None);
        let addr = format!("127.0.0.1:{port}");
        for _ in 0..100 {
            if std::net::TcpStream::connect(&addr).is_ok() {
                return Some(Nginx { addr, dir, process });
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let errors = std::fs::read_to_string(dir.join("error.log")).unwrap_or_default();
        panic!("nginx did not start: {errors} {:?}", process.log());
    }

    /// The access log so far: each request's method, path, status and the upstream(s) tried.
    pub fn requests(&self) -> Vec<String> {
        std::fs::read_to_string(self.dir.join("access.log"))
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-QUIT", &self.process.id().to_string()])
            .status();
        for _ in 0..100 {
            if !std::path::Path::new(&self.dir.join("nginx.pid")).exists() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
