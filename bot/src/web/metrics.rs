//! The process's counters, for `/metrics` in Prometheus' text format: commands by name
//! and outcome, the acknowledgement latency of Discord interactions (a histogram), the
//! deferrals, the web's moves, requests and live clients. Counted with atomics (and one
//! small map for the commands), cheap enough for every command.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// The acknowledgement histogram's bucket bounds, in seconds.
const ACK_BUCKETS: [f64; 10] = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.5, 3.0];

/// Every counter.
pub struct Metrics {
    commands: Mutex<BTreeMap<(String, &'static str), u64>>,
    ack: [AtomicU64; ACK_BUCKETS.len()],
    ack_count: AtomicU64,
    ack_sum_us: AtomicU64,
    deferred: AtomicU64,
    rest_retries: AtomicU64,
    rest_failures: AtomicU64,
    web_requests: Mutex<BTreeMap<(&'static str, u16), u64>>,
}

/// The process's counters.
pub static METRICS: Metrics = Metrics::new();

/// The name of a command for the counters: its variant's name (`Move`, `Button`), never
/// its arguments.
pub fn command_name(command: &jetan_core::Command) -> String {
    let debug = format!("{command:?}");
    debug
        .split(|c: char| !c.is_ascii_alphanumeric())
        .next()
        .unwrap_or("unknown")
        .to_string()
}

impl Metrics {
    /// Every counter at zero.
    const fn new() -> Self {
        Metrics {
            commands: Mutex::new(BTreeMap::new()),
            ack: [const { AtomicU64::new(0) }; ACK_BUCKETS.len()],
            ack_count: AtomicU64::new(0),
            ack_sum_us: AtomicU64::new(0),
            deferred: AtomicU64::new(0),
            rest_retries: AtomicU64::new(0),
            rest_failures: AtomicU64::new(0),
            web_requests: Mutex::new(BTreeMap::new()),
        }
    }

    /// A command handled (`front`: `discord`, `web`, `console`), and how it ended:
    /// `public`, `private` (a private answer or a refusal).
    pub fn command(&self, name: String, outcome: &'static str) {
        if let Ok(mut m) = self.commands.lock() {
            *m.entry((name, outcome)).or_default() += 1;
        }
    }

    /// An interaction acknowledged `after` its arrival.
    pub fn acknowledged(&self, after: Duration) {
        let s = after.as_secs_f64();
        for (i, bound) in ACK_BUCKETS.iter().enumerate() {
            if s <= *bound {
                self.ack[i].fetch_add(1, Ordering::Relaxed);
            }
        }
        self.ack_count.fetch_add(1, Ordering::Relaxed);
        self.ack_sum_us
            .fetch_add(after.as_micros() as u64, Ordering::Relaxed);
    }

    /// An interaction deferred.
    pub fn deferred(&self) {
        self.deferred.fetch_add(1, Ordering::Relaxed);
    }

    /// A Discord REST call failed and is tried again.
    pub fn rest_retry(&self) {
        self.rest_retries.fetch_add(1, Ordering::Relaxed);
    }

    /// A Discord REST call failed for good (refused, or given up after its tries).
    pub fn rest_failure(&self) {
        self.rest_failures.fetch_add(1, Ordering::Relaxed);
    }

    /// The REST retries and failures counted so far.
    #[cfg(test)]
    pub(crate) fn rest_counts(&self) -> (u64, u64) {
        (
            self.rest_retries.load(Ordering::Relaxed),
            self.rest_failures.load(Ordering::Relaxed),
        )
    }

    /// A web request answered, by route and status.
    pub fn web_request(&self, route: &'static str, status: u16) {
        if let Ok(mut m) = self.web_requests.lock() {
            *m.entry((route, status)).or_default() += 1;
        }
    }

    /// The text exposition, with the gauges measured now.
    pub fn render(&self, gauges: Gauges) -> String {
        let Gauges {
            games_in_progress,
            live_clients,
            watched,
            outbox,
        } = gauges;
        let mut out = String::new();
        out.push_str("# HELP jetan_commands_total Commands handled, by command and outcome.\n# TYPE jetan_commands_total counter\n");
        if let Ok(m) = self.commands.lock() {
            for ((name, outcome), n) in m.iter() {
                let _ = writeln!(
                    out,
                    "jetan_commands_total{{command=\"{}\",outcome=\"{outcome}\"}} {n}",
                    label(name)
                );
            }
        }
        out.push_str("# HELP jetan_ack_seconds Time from an interaction's arrival to its acknowledgement.\n# TYPE jetan_ack_seconds histogram\n");
        for (i, bound) in ACK_BUCKETS.iter().enumerate() {
            let _ = writeln!(
                out,
                "jetan_ack_seconds_bucket{{le=\"{bound}\"}} {}",
                self.ack[i].load(Ordering::Relaxed)
            );
        }
        let count = self.ack_count.load(Ordering::Relaxed);
        let _ = writeln!(out, "jetan_ack_seconds_bucket{{le=\"+Inf\"}} {count}");
        let _ = writeln!(
            out,
            "jetan_ack_seconds_sum {}",
            self.ack_sum_us.load(Ordering::Relaxed) as f64 / 1e6
        );
        let _ = writeln!(out, "jetan_ack_seconds_count {count}");
        let _ = writeln!(
            out,
            "# HELP jetan_deferred_total Interactions deferred.\n# TYPE jetan_deferred_total counter\njetan_deferred_total {}",
            self.deferred.load(Ordering::Relaxed)
        );
        let _ = writeln!(
            out,
            "# HELP jetan_rest_retries_total Discord REST calls failed and tried again.\n# TYPE jetan_rest_retries_total counter\njetan_rest_retries_total {}",
            self.rest_retries.load(Ordering::Relaxed)
        );
        let _ = writeln!(
            out,
            "# HELP jetan_rest_failures_total Discord REST calls failed for good.\n# TYPE jetan_rest_failures_total counter\njetan_rest_failures_total {}",
            self.rest_failures.load(Ordering::Relaxed)
        );
        out.push_str("# HELP jetan_web_requests_total Web requests, by route and status.\n# TYPE jetan_web_requests_total counter\n");
        if let Ok(m) = self.web_requests.lock() {
            for ((route, status), n) in m.iter() {
                let _ = writeln!(
                    out,
                    "jetan_web_requests_total{{route=\"{route}\",status=\"{status}\"}} {n}"
                );
            }
        }
        let _ = writeln!(
            out,
            "# HELP jetan_games_in_progress Games in progress.\n# TYPE jetan_games_in_progress gauge\njetan_games_in_progress {games_in_progress}"
        );
        let _ = writeln!(
            out,
            "# HELP jetan_live_clients Live page clients connected.\n# TYPE jetan_live_clients gauge\njetan_live_clients {live_clients}"
        );
        let _ = writeln!(
            out,
            "# HELP jetan_live_games Games watched on live pages.\n# TYPE jetan_live_games gauge\njetan_live_games {watched}"
        );
        let _ = writeln!(
            out,
            "# HELP jetan_outbox_depth Answers and news waiting in the outbox.\n# TYPE jetan_outbox_depth gauge\njetan_outbox_depth {outbox}"
        );
        out
    }
}

/// The gauges, measured when `/metrics` is asked for.
#[derive(Debug, Clone, Copy, Default)]
pub struct Gauges {
    /// Games in progress.
    pub games_in_progress: usize,
    /// Live page clients connected.
    pub live_clients: usize,
    /// Games watched on live pages.
    pub watched: usize,
    /// Answers and news waiting in the outbox.
    pub outbox: usize,
}

/// A label value with Prometheus' escapes.
fn label(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exposition_counts_and_buckets_cumulatively() {
        let m = Metrics::new();
        m.command(command_name(&jetan_core::Command::Board), "public");
        m.command(command_name(&jetan_core::Command::Board), "public");
        m.acknowledged(Duration::from_millis(30));
        m.acknowledged(Duration::from_millis(2000));
        m.deferred();
        m.rest_retry();
        m.rest_retry();
        m.rest_failure();
        let text = m.render(Gauges {
            games_in_progress: 3,
            live_clients: 2,
            watched: 1,
            outbox: 4,
        });
        assert!(
            text.contains("jetan_commands_total{command=\"Board\",outcome=\"public\"} 2\n"),
            "{text}"
        );
        assert!(text.contains("jetan_ack_seconds_bucket{le=\"0.025\"} 0\n"));
        assert!(text.contains("jetan_ack_seconds_bucket{le=\"0.05\"} 1\n"));
        assert!(text.contains("jetan_ack_seconds_bucket{le=\"2.5\"} 2\n"));
        assert!(text.contains("jetan_ack_seconds_count 2\n"));
        assert!(text.contains("jetan_games_in_progress 3\n"));
        assert!(text.contains("jetan_live_clients 2\n"));
        assert!(text.contains("jetan_deferred_total 1\n"), "{text}");
        assert!(text.contains("# TYPE jetan_rest_retries_total counter\n"));
        assert!(text.contains("jetan_rest_retries_total 2\n"), "{text}");
        assert!(text.contains("# TYPE jetan_rest_failures_total counter\n"));
        assert!(text.contains("jetan_rest_failures_total 1\n"), "{text}");
        assert!(text.contains("# TYPE jetan_outbox_depth gauge\n"));
        assert!(text.contains("jetan_outbox_depth 4\n"), "{text}");
    }
}
