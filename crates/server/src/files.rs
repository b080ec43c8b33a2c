//! The static files of the page (`index.html`, the bundle, icons), served from a directory.
//!
//! [`ServeDir`] answers a missing file with 404 and any other failure to read one with a bare
//! 500, logging every failure. Out of file descriptors (many connections at once) is not a
//! fault of the request nor of the files: it passes, so [`StaticFiles`] answers it with
//! `503 Service Unavailable` and `Retry-After: 1` (a browser or proxy tries again), and logs
//! failures at most once a second with the number of lines left out.

use std::io;
use std::path::Path;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::Request;
use axum::http::header::RETRY_AFTER;
use axum::http::{HeaderValue, Response, StatusCode};
use tokio::time::Instant;
use tower_http::services::ServeDir;

use crate::listen::log::RateLimit;
use crate::listen::out_of_files;

/// The files under one directory; cheap to clone (clones share the log's rate limit).
#[derive(Clone)]
pub struct StaticFiles {
    dir: ServeDir,
    log: Arc<RateLimit>,
}

impl std::fmt::Debug for StaticFiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StaticFiles")
    }
}

impl StaticFiles {
    /// The files under `root` (a directory serves its `index.html`).
    pub fn new(root: &Path) -> StaticFiles {
        StaticFiles {
            dir: ServeDir::new(root).append_index_html_on_directories(true),
            log: Arc::new(RateLimit::new()),
        }
    }

    /// Answers `request` (GET or HEAD; other methods get 405): the file, 404 when there is
    /// none, 503 when the process is out of file descriptors, 500 on another read error.
    pub async fn serve(&self, request: Request) -> Response<Body> {
        let mut dir = self.dir.clone();
        match dir.try_call(request).await {
            Ok(response) => response.map(Body::new),
            Err(error) => {
                if let Some(suppressed) = self.log.allow(Instant::now()) {
                    tracing::warn!(%error, suppressed, "a static file could not be read");
                }
                failure_response(&error)
            }
        }
    }
}

/// The answer to a file that could not be read for `error`.
fn failure_response(error: &io::Error) -> Response<Body> {
    let (status, text) = if out_of_files(error) {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is busy: try again in a moment",
        )
    } else {
        (
            StatusCode::INTERNAL_SERVER_ERROR,
            "the file could not be read",
        )
    };
    let mut response = Response::new(Body::from(text));
    *response.status_mut() = status;
    if status == StatusCode::SERVICE_UNAVAILABLE {
        response
            .headers_mut()
            .insert(RETRY_AFTER, HeaderValue::from_static("1"));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn out_of_descriptors_is_unavailable_for_now_and_other_errors_are_internal() {
        let table = [
            (
                io::Error::from_raw_os_error(rustix::io::Errno::MFILE.raw_os_error()),
                503,
                Some("1"),
            ),
            (
                io::Error::from_raw_os_error(rustix::io::Errno::NFILE.raw_os_error()),
                503,
                Some("1"),
            ),
            (
                io::Error::from_raw_os_error(rustix::io::Errno::IO.raw_os_error()),
                500,
                None,
            ),
            (io::Error::other("disk on fire"), 500, None),
        ];
        for (error, status, retry) in table {
            let r = failure_response(&error);
            assert_eq!(r.status().as_u16(), status, "{error}");
            assert_eq!(
                r.headers().get(RETRY_AFTER).and_then(|v| v.to_str().ok()),
                retry,
                "{error}"
            );
        }
    }

    #[tokio::test]
    async fn a_file_that_cannot_be_read_is_an_internal_error_and_a_missing_one_not_found() {
        let www = tempfile::tempdir().expect("dir");
        // A symbolic link to itself: opening it fails with ELOOP, not "not found".
        std::os::unix::fs::symlink("loop.js", www.path().join("loop.js")).expect("symlink");
        std::fs::write(www.path().join("index.html"), "<!doctype html>").expect("file");
        let files = StaticFiles::new(www.path());
        let get = |path: &str| {
            Request::builder()
                .uri(path)
                .body(Body::empty())
                .expect("request")
        };
        assert_eq!(files.serve(get("/")).await.status(), StatusCode::OK);
        assert_eq!(
            files.serve(get("/missing.js")).await.status(),
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            files.serve(get("/loop.js")).await.status(),
            StatusCode::INTERNAL_SERVER_ERROR
        );
    }
}
