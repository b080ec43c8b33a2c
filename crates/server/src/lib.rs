//! The ASEAN chess server: serves the browser game from a directory (the `www/` folder with
//! the bundle built by `cargo xtask build`) and answers health checks. The online lobby will be
//! added to the [`app`] router.
//!
//! ```no_run
//! # async fn demo() -> std::io::Result<()> {
//! let config = server::Config::new("www");
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! server::serve(listener, &config, server::shutdown_signal()).await
//! # }
//! ```

use std::future::Future;
use std::io;
use std::path::{Path, PathBuf};

use axum::Router;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{HeaderValue, Response};
use axum::routing::get;
use tokio::net::TcpListener;
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;
use tower_http::trace::TraceLayer;

/// The address the server listens on unless told otherwise (loopback only).
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";

/// What the server needs to know to build its routes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The directory of static files to serve (`index.html`, CSS, `pkg/` with the bundle).
    pub www: PathBuf,
}

impl Config {
    /// A configuration serving the static files in `www`.
    pub fn new(www: impl Into<PathBuf>) -> Self {
        Self { www: www.into() }
    }
}

/// The HTTP application: `GET /healthz` answers `ok`; every other path is a file under
/// [`Config::www`] (a directory serves its `index.html`; a missing file is a 404).
///
/// HTML, JavaScript, WebAssembly, CSS and JSON responses carry `Cache-Control: no-cache`, so a
/// reload always revalidates and picks up a new build. Responses are gzip-compressed when the
/// client accepts it.
pub fn app(config: &Config) -> Router {
    let files = ServeDir::new(&config.www).append_index_html_on_directories(true);
    Router::new()
        .route("/healthz", get(healthz))
        .fallback_service(files)
        .layer(axum::middleware::map_response(revalidate_code))
        .layer(CompressionLayer::new())
        .layer(TraceLayer::new_for_http())
}

/// `GET /healthz`: the server is up.
async fn healthz() -> &'static str {
    "ok"
}

/// Adds `Cache-Control: no-cache` to code and markup so browsers revalidate them on reload.
async fn revalidate_code<B>(mut response: Response<B>) -> Response<B> {
    let is_code = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(needs_revalidation);
    if is_code && !response.headers().contains_key(CACHE_CONTROL) {
        response
            .headers_mut()
            .insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    }
    response
}

/// Whether responses of this content type must be revalidated on every load.
fn needs_revalidation(content_type: &str) -> bool {
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    matches!(
        essence.as_str(),
        "text/html"
            | "text/javascript"
            | "application/javascript"
            | "application/wasm"
            | "text/css"
            | "application/json"
    )
}

/// Serves [`app`] on `listener` until `shutdown` completes, then finishes the requests in
/// flight and returns.
///
/// # Errors
/// Fails if the `www` directory does not exist (a clear message instead of 404s everywhere), or
/// on an I/O error of the listener.
pub async fn serve(
    listener: TcpListener,
    config: &Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    check_www(&config.www)?;
    let app = app(config);
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await
}

/// Checks that `www` is a directory, with an error message that says what to do.
fn check_www(www: &Path) -> io::Result<()> {
    if www.is_dir() {
        Ok(())
    } else {
        Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!(
                "the static files directory {} does not exist (run from the workspace root, \
                 or pass --www)",
                www.display()
            ),
        ))
    }
}

/// Completes on Ctrl-C (SIGINT) or, on Unix, SIGTERM: the signal for a graceful shutdown.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(err) = tokio::signal::ctrl_c().await {
            tracing::error!("cannot listen for Ctrl-C: {err}");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(err) => {
                tracing::error!("cannot listen for SIGTERM: {err}");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}

#[cfg(test)]
mod tests {
    use super::needs_revalidation;

    #[test]
    fn code_is_revalidated_and_images_are_not() {
        assert!(needs_revalidation("text/html; charset=utf-8"));
        assert!(needs_revalidation("text/javascript"));
        assert!(needs_revalidation("application/wasm"));
        assert!(!needs_revalidation("image/svg+xml"));
        assert!(!needs_revalidation(""));
    }
}
