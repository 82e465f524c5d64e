//! Figures of a live run for `live --stats` and the live benchmark: the time from a frame's
//! capture to its overlay being drawn (median and 99th percentile), the CPU time used, and the
//! resident memory.

use std::time::Duration;

/// Bucket width of the latency histogram.
const BUCKET: Duration = Duration::from_micros(100);
/// Buckets kept: latencies of 2 s and more share the last one. A fixed array keeps the memory
/// flat however long the run.
const BUCKETS: usize = 20_000;

/// A histogram of durations.
#[derive(Clone, Debug)]
pub struct Histogram {
    counts: Vec<u32>,
    total: u64,
}

impl Default for Histogram {
    fn default() -> Histogram {
        Histogram {
            counts: vec![0; BUCKETS],
            total: 0,
        }
    }
}

impl Histogram {
    pub fn new() -> Histogram {
        Histogram::default()
    }

    pub fn record(&mut self, d: Duration) {
        let bucket = (d.as_micros() / BUCKET.as_micros()).min(BUCKETS as u128 - 1) as usize;
        self.counts[bucket] = self.counts[bucket].saturating_add(1);
        self.total += 1;
    }

    pub fn count(&self) -> u64 {
        self.total
    }

    /// The `q` quantile (0 < q ≤ 1), as the upper edge of its bucket; `None` when empty.
    pub fn quantile(&self, q: f64) -> Option<Duration> {
        if self.total == 0 {
            return None;
        }
        let rank = ((q * self.total as f64).ceil() as u64).clamp(1, self.total);
        let mut seen = 0u64;
        for (i, &c) in self.counts.iter().enumerate() {
            seen += u64::from(c);
            if seen >= rank {
                return Some(BUCKET * (i as u32 + 1));
            }
        }
        None
    }
}

/// CPU time (user + system) this process has used, from `/proc/self/stat`; `None` elsewhere.
pub fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may hold spaces, so split after its ')').
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // USER_HZ is 100 on every Linux architecture the kernel exposes to /proc.
    Some(Duration::from_millis(ticks * 10))
}

/// Resident memory of this process in KiB, from `/proc/self/status`; `None` elsewhere.
pub fn rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_come_from_the_buckets() {
        let mut h = Histogram::new();
        assert_eq!(h.quantile(0.5), None);
        for ms in 1..=100 {
            h.record(Duration::from_millis(ms));
        }
        assert_eq!(h.count(), 100);
        assert_eq!(h.quantile(0.5), Some(Duration::from_micros(50_100)));
        assert_eq!(h.quantile(0.99), Some(Duration::from_micros(99_100)));
        h.record(Duration::from_secs(60));
        assert_eq!(h.quantile(1.0), Some(BUCKET * BUCKETS as u32));
    }

    #[test]
    fn this_process_has_a_cpu_time_and_memory_on_linux() {
        if cfg!(target_os = "linux") {
            assert!(cpu_time().is_some());
            assert!(rss_kib().unwrap() > 0);
        }
    }
}
