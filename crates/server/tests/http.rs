//! The server over real HTTP on a loopback port: pages, health check, 404, headers.

use std::net::SocketAddr;

use tokio::sync::oneshot;

/// A server on a free loopback port serving a temporary `www` directory.
struct Running {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
    _www: tempfile::TempDir,
}

impl Running {
    async fn start() -> Self {
        let www = tempfile::tempdir().expect("temp dir");
        std::fs::write(
            www.path().join("index.html"),
            "<!doctype html><title>ASEAN chess</title><div id=app></div>",
        )
        .expect("write index.html");
        std::fs::create_dir(www.path().join("pkg")).expect("mkdir pkg");
        std::fs::write(www.path().join("pkg/web_bg.wasm"), b"\0asm\x01\0\0\0").expect("wasm");
        std::fs::write(www.path().join("pkg/web.js"), "export default 1;").expect("js");
        std::fs::write(www.path().join("sw.js"), "importScripts('pkg/assets.js');").expect("sw");
        std::fs::write(www.path().join("manifest.webmanifest"), "{}").expect("manifest");

        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind port 0");
        let addr = listener.local_addr().expect("local addr");
        let (stop, stopped) = oneshot::channel::<()>();
        let config = server::Config::new(www.path());
        let task = tokio::spawn(async move {
            server::serve(listener, &config, async {
                let _ = stopped.await;
            })
            .await
        });
        Self {
            addr,
            stop: Some(stop),
            task,
            _www: www,
        }
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let result = (&mut self.task).await.expect("server task");
        result.expect("server stopped cleanly");
    }
}

async fn get(url: &str) -> reqwest::Response {
    reqwest::get(url).await.expect("request")
}

#[tokio::test]
async fn serves_index_health_and_404() {
    let server = Running::start().await;

    let page = get(&server.url("/")).await;
    assert_eq!(page.status(), 200);
    assert_eq!(header(&page, "cache-control"), "no-cache");
    assert!(header(&page, "content-type").starts_with("text/html"));
    assert!(page.text().await.expect("body").contains("id=app"));

    let health = get(&server.url("/healthz")).await;
    assert_eq!(health.status(), 200);
    assert_eq!(health.text().await.expect("body"), "ok");

    let missing = get(&server.url("/no/such/file.js")).await;
    assert_eq!(missing.status(), 404);

    // A name no file can have, or a path past a kilobyte: 414, not a failed read (500).
    let long_name = get(&server.url(&format!("/{}", "a".repeat(256)))).await;
    assert_eq!(long_name.status(), 414);
    let long_path = get(&server.url(&"/a".repeat(600))).await;
    assert_eq!(long_path.status(), 414);
    let fitting = get(&server.url(&format!("/{}", "a".repeat(255)))).await;
    assert_eq!(fitting.status(), 404);

    server.stop().await;
}

#[tokio::test]
async fn serves_the_bundle_with_the_right_types() {
    let server = Running::start().await;

    let wasm = get(&server.url("/pkg/web_bg.wasm")).await;
    assert_eq!(wasm.status(), 200);
    assert_eq!(header(&wasm, "content-type"), "application/wasm");
    assert_eq!(header(&wasm, "cache-control"), "no-cache");

    let js = get(&server.url("/pkg/web.js")).await;
    assert_eq!(js.status(), 200);
    assert!(header(&js, "content-type").contains("javascript"));
    assert_eq!(header(&js, "cache-control"), "no-cache");

    // The service worker and the manifest are revalidated on every load too, so a new build
    // is found on the next one.
    let sw = get(&server.url("/sw.js")).await;
    assert!(header(&sw, "content-type").contains("javascript"));
    assert_eq!(header(&sw, "cache-control"), "no-cache");
    let manifest = get(&server.url("/manifest.webmanifest")).await;
    assert_eq!(
        header(&manifest, "content-type"),
        "application/manifest+json"
    );
    assert_eq!(header(&manifest, "cache-control"), "no-cache");

    server.stop().await;
}

#[tokio::test]
async fn refuses_a_missing_www_directory() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind port 0");
    let config = server::Config::new("/definitely/not/here");
    let err = server::serve(listener, &config, async {})
        .await
        .expect_err("must refuse");
    assert!(err.to_string().contains("--www"), "{err}");
}

fn header(response: &reqwest::Response, name: &str) -> String {
    response
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned()
}
