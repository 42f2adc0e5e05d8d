//! Decision times: a histogram of how long a bot thought per decision, so a report can show its
//! mean, 99th percentile and slowest decision (the Power Grid search bot is held to 100 ms a
//! decision).
//!
//! Decisions:
//! - Times are kept in microseconds in a sparse histogram: exact below 128 µs, then 64 buckets
//!   per doubling (each under 1.6 % wide). A percentile is reported as the upper edge of its
//!   bucket, so it never understates; the slowest decision is kept exactly.
//! - A seat-game carries its own histogram (a few dozen buckets), merged into the bot's tally in
//!   game order like every other measure, so the figures do not depend on `--threads`. Keeping
//!   every time instead would hold hundreds of numbers per seat-game in a block of results.

use serde::Serialize;
use std::collections::BTreeMap;

/// Decision times of one seat or one bot (see the module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Timings {
    buckets: BTreeMap<u32, u64>,
    count: u64,
    total_micros: u64,
    max_micros: u32,
}

/// Values below this are their own bucket.
const EXACT: u32 = 128;
/// Buckets per doubling above [`EXACT`] (a power of two).
const PER_DOUBLING: u32 = 64;

fn bucket(micros: u32) -> u32 {
    if micros < EXACT {
        return micros;
    }
    let k = 31 - micros.leading_zeros(); // floor(log2), at least 7
    let shift = k - PER_DOUBLING.trailing_zeros();
    let sub = (micros >> shift) - PER_DOUBLING;
    EXACT + (k - EXACT.trailing_zeros()) * PER_DOUBLING + sub
}

/// The largest value in `bucket`.
fn upper(bucket: u32) -> u32 {
    if bucket < EXACT {
        return bucket;
    }
    let k = (bucket - EXACT) / PER_DOUBLING + EXACT.trailing_zeros();
    let sub = (bucket - EXACT) % PER_DOUBLING;
    let shift = k - PER_DOUBLING.trailing_zeros();
    let low = u64::from(PER_DOUBLING + sub) << shift;
    u32::try_from(low + (1u64 << shift) - 1).unwrap_or(u32::MAX)
}

/// Mean, 99th percentile and maximum of a bot's decision times, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct TimeSummary {
    /// Decisions timed.
    pub decisions: u64,
    /// Mean thinking time per decision.
    pub mean_ms: f64,
    /// The 99th percentile (the upper edge of its histogram bucket).
    pub p99_ms: f64,
    /// The slowest decision.
    pub max_ms: f64,
}

impl Timings {
    /// The histogram of `micros`, one decision each.
    pub fn of(micros: &[u32]) -> Timings {
        let mut t = Timings::default();
        for &m in micros {
            *t.buckets.entry(bucket(m)).or_insert(0) += 1;
            t.count += 1;
            t.total_micros += u64::from(m);
            t.max_micros = t.max_micros.max(m);
        }
        t
    }

    /// Adds `other`'s decisions to these.
    pub fn merge(&mut self, other: &Timings) {
        for (&b, &n) in &other.buckets {
            *self.buckets.entry(b).or_insert(0) += n;
        }
        self.count += other.count;
        self.total_micros += other.total_micros;
        self.max_micros = self.max_micros.max(other.max_micros);
    }

    /// The smallest time (bucket upper edge) that at least `q` of the decisions do not exceed.
    fn quantile_micros(&self, q: f64) -> u32 {
        let need = ((q * self.count as f64).ceil() as u64).max(1);
        let mut seen = 0;
        for (&b, &n) in &self.buckets {
            seen += n;
            if seen >= need {
                return upper(b).min(self.max_micros);
            }
        }
        self.max_micros
    }

    /// The summary, or `None` when no decision was timed.
    pub fn summary(&self) -> Option<TimeSummary> {
        (self.count > 0).then(|| TimeSummary {
            decisions: self.count,
            mean_ms: self.total_micros as f64 / self.count as f64 / 1000.0,
            p99_ms: f64::from(self.quantile_micros(0.99)) / 1000.0,
            max_ms: f64::from(self.max_micros) / 1000.0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_narrow_and_contain_their_values() {
        for m in (0..5_000_000u32)
            .step_by(997)
            .chain([u32::MAX, 128, 255, 256])
        {
            let b = bucket(m);
            assert!(upper(b) >= m, "{m} above its bucket's edge {}", upper(b));
            assert!(
                f64::from(upper(b) - m) <= f64::from(m) / 64.0,
                "{m}: bucket edge {} too far",
                upper(b)
            );
            if b > 0 {
                assert!(upper(b - 1) < m, "{m} also fits the bucket below");
            }
        }
    }

    #[test]
    fn summary_gives_mean_p99_and_max() {
        // 990 quick decisions of 1 ms and 10 slow ones of 150 ms: p99 is still quick.
        let mut times = vec![1000u32; 990];
        times.extend([150_000; 10]);
        let mut t = Timings::of(&times[..500]);
        t.merge(&Timings::of(&times[500..]));
        let s = t.summary().unwrap();
        assert_eq!(s.decisions, 1000);
        assert!((s.mean_ms - (990.0 + 1500.0) / 1000.0).abs() < 1e-9);
        assert!((1.0..1.02).contains(&s.p99_ms), "{}", s.p99_ms);
        assert_eq!(s.max_ms, 150.0);
        // One more slow decision moves the 99th percentile to the slow ones, never past the max.
        t.merge(&Timings::of(&[150_000; 2]));
        assert_eq!(t.summary().unwrap().p99_ms, 150.0);
        assert_eq!(Timings::default().summary(), None);
    }
}
