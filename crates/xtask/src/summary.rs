//! Running `cargo test` while echoing its output and adding up its `test result:` lines.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use anyhow::{Context, Result};

/// Test counts added up over several `cargo test` runs.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Totals {
    /// Tests that passed.
    pub passed: u64,
    /// Tests that failed.
    pub failed: u64,
    /// Tests ignored (skipped).
    pub ignored: u64,
}

impl Totals {
    /// Adds the counts of one `test result: ...` line; other lines are ignored.
    pub fn add_line(&mut self, line: &str) {
        let Some(rest) = line.trim().strip_prefix("test result: ") else {
            return;
        };
        for part in rest.split([';', '.']) {
            let mut words = part.split_whitespace();
            let (Some(number), Some(label)) = (words.next(), words.next()) else {
                continue;
            };
            let Ok(n) = number.parse::<u64>() else {
                continue;
            };
            match label {
                "passed" => self.passed += n,
                "failed" => self.failed += n,
                "ignored" => self.ignored += n,
                _ => {}
            }
        }
    }

    /// The closing line of a whole run, e.g. `total: 12 passed, 0 failed, 1 skipped`.
    pub fn closing_line(&self) -> String {
        format!(
            "total: {} passed, {} failed, {} skipped",
            self.passed, self.failed, self.ignored
        )
    }
}

/// Runs `command` (a `cargo test`), echoing its stdout line by line and counting results.
/// Returns whether it exited successfully.
pub fn run_counting(command: &mut Command, totals: &mut Totals) -> Result<bool> {
    let mut child = command
        .stdout(Stdio::piped())
        .spawn()
        .with_context(|| format!("could not start {command:?}"))?;
    if let Some(stdout) = child.stdout.take() {
        let mut out = std::io::stdout().lock();
        for line in BufReader::new(stdout).split(b'\n') {
            let line = line.context("reading the test output")?;
            let text = String::from_utf8_lossy(&line);
            totals.add_line(&text);
            // Echo even if our own stdout is gone; the exit code still tells.
            let _ = out.write_all(&line);
            let _ = out.write_all(b"\n");
            let _ = out.flush();
        }
    }
    let status = child.wait().context("waiting for cargo test")?;
    Ok(status.success())
}

#[cfg(test)]
mod tests {
    use super::Totals;

    #[test]
    fn counts_result_lines() {
        let mut t = Totals::default();
        t.add_line("test result: ok. 12 passed; 0 failed; 1 ignored; 0 measured; 3 filtered out; finished in 0.01s");
        t.add_line(
            "test result: FAILED. 2 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out",
        );
        t.add_line("running 3 tests");
        t.add_line("test result: garbage");
        assert_eq!(
            t,
            Totals {
                passed: 14,
                failed: 1,
                ignored: 1
            }
        );
        assert_eq!(t.closing_line(), "total: 14 passed, 1 failed, 1 skipped");
    }
}
