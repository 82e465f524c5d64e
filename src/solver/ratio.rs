//! Exact probabilities as fractions of big integers, printed in lowest terms `"a/b"` (or `"0"`,
//! `"1"`).
//!
//! A fraction is stored as counted and reduced only when printed: the advice reads thousands of
//! probabilities a second as `f64` and never prints them, and the gcd of two 100-digit counts was
//! the largest single cost of an analysis.
//!
//! Clones share one fraction, its reduced form, its text and its `f64`: every tile away from the
//! numbers has the same chance, and on a huge board (300 × 300, 20,000 mines) its two counts are
//! 8 KB each; a copy per tile took 2 GB, and reducing each copy for JSON took 10 s. On an Expert
//! board the 400-odd tiles of `solve --json` share a few dozen fractions, and printing each
//! tile's own copy in decimal was a tenth of the answer's time.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};

/// A probability `num / den` with `den > 0` (not necessarily in lowest terms; equality and
/// printing are by value). Cloning is cheap: clones share the counts.
#[derive(Clone, Debug)]
pub struct Ratio(Arc<Fraction>);

#[derive(Debug)]
struct Fraction {
    num: BigUint,
    den: BigUint,
    /// Lowest terms, worked out the first time they are asked for.
    reduced: OnceLock<(BigUint, BigUint)>,
    /// The lowest terms as printed, and the nearest `f64`, likewise.
    text: OnceLock<Box<str>>,
    float: OnceLock<f64>,
}

impl Ratio {
    /// `num / den`. `den` must be non-zero: every caller divides by a count it knows is positive.
    pub fn new(num: BigUint, den: BigUint) -> Ratio {
        assert!(
            !den.is_zero(),
            "a probability's denominator is a positive count"
        );
        Ratio(Arc::new(Fraction {
            num,
            den,
            reduced: OnceLock::new(),
            text: OnceLock::new(),
            float: OnceLock::new(),
        }))
    }

    /// Numerator and denominator in lowest terms.
    pub fn reduced(&self) -> (BigUint, BigUint) {
        self.lowest().clone()
    }

    fn lowest(&self) -> &(BigUint, BigUint) {
        let f = &*self.0;
        f.reduced.get_or_init(|| {
            // A certain tile (0 or 1) is most tiles of a mid-game answer: no gcd for those.
            if f.num.is_zero() {
                return (BigUint::zero(), BigUint::one());
            }
            if f.num == f.den {
                return (BigUint::one(), BigUint::one());
            }
            let g = f.num.gcd(&f.den);
            if g.is_one() {
                (f.num.clone(), f.den.clone())
            } else {
                (&f.num / &g, &f.den / &g)
            }
        })
    }

    /// The same for a fraction and its clones, different for any other fraction alive: lets
    /// a writer print each shared fraction once.
    pub fn id(&self) -> usize {
        Arc::as_ptr(&self.0) as usize
    }

    pub fn zero() -> Ratio {
        Ratio::new(BigUint::zero(), BigUint::one())
    }

    pub fn numer(&self) -> &BigUint {
        &self.0.num
    }

    pub fn denom(&self) -> &BigUint {
        &self.0.den
    }

    pub fn is_zero(&self) -> bool {
        self.0.num.is_zero()
    }

    pub fn is_one(&self) -> bool {
        self.0.num == self.0.den
    }

    /// The nearest `f64`, for display and ranking only; exact even when both parts exceed `f64`.
    pub fn to_f64(&self) -> f64 {
        if self.is_zero() {
            return 0.0;
        }
        if self.is_one() {
            return 1.0;
        }
        *self.0.float.get_or_init(|| self.nearest_f64())
    }

    fn nearest_f64(&self) -> f64 {
        let (num, den) = (&self.0.num, &self.0.den);
        if num.bits() < 1000 && den.bits() < 1000 {
            // Both convert without overflow, each within half an ulp.
            if let (Some(n), Some(d)) = (num.to_f64(), den.to_f64()) {
                return n / d;
            }
        }
        let bits = num.bits().max(den.bits());
        let drop = bits.saturating_sub(96);
        let num = (num >> drop).to_f64().unwrap_or(f64::NAN);
        let den = (den >> drop).to_f64().unwrap_or(f64::NAN);
        if den == 0.0 {
            // The numerator is far smaller than the denominator: below f64's reach relative to 1.
            return 0.0;
        }
        num / den
    }
}

impl PartialEq for Ratio {
    fn eq(&self, other: &Ratio) -> bool {
        let (a, b) = (&*self.0, &*other.0);
        Arc::ptr_eq(&self.0, &other.0) || &a.num * &b.den == &b.num * &a.den
    }
}

impl Eq for Ratio {}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Ratio) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ratio {
    /// By value. Probabilities of one analysis mostly share a denominator, so that case compares
    /// numerators alone.
    fn cmp(&self, other: &Ratio) -> std::cmp::Ordering {
        let (a, b) = (&*self.0, &*other.0);
        if Arc::ptr_eq(&self.0, &other.0) {
            std::cmp::Ordering::Equal
        } else if a.den == b.den {
            a.num.cmp(&b.num)
        } else {
            (&a.num * &b.den).cmp(&(&b.num * &a.den))
        }
    }
}

impl Hash for Ratio {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.lowest().hash(state);
    }
}

impl Ratio {
    /// The lowest terms as `Display` prints them: `"0"`, `"a"` or `"a/b"`.
    pub fn as_text(&self) -> &str {
        // Certain tiles print without reducing (or storing) anything.
        if self.is_zero() {
            return "0";
        }
        if self.is_one() {
            return "1";
        }
        self.0.text.get_or_init(|| {
            let (num, den) = self.lowest();
            if den.is_one() {
                num.to_string().into()
            } else {
                format!("{num}/{den}").into()
            }
        })
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: u64, d: u64) -> Ratio {
        Ratio::new(BigUint::from(n), BigUint::from(d))
    }

    #[test]
    fn reduces_and_prints() {
        assert_eq!(r(320, 2056).to_string(), "40/257");
        assert_eq!(r(0, 7).to_string(), "0");
        assert_eq!(r(7, 7).to_string(), "1");
        assert!(r(5, 5).is_one());
        assert_eq!(r(2, 4), r(1, 2));
        assert_ne!(r(2, 4), r(2, 5));
        assert!(r(1, 3) < r(1, 2) && r(2, 6) < r(3, 6) && r(1, 2) == r(2, 4));
    }

    #[test]
    fn converts_huge_fractions_to_f64() {
        let big = BigUint::from(3u32).pow(2000);
        let ratio = Ratio::new(big.clone(), big * 4u32);
        assert!((ratio.to_f64() - 0.25).abs() < 1e-12);
        let tiny = Ratio::new(BigUint::one(), BigUint::from(2u32).pow(3000));
        assert_eq!(tiny.to_f64(), 0.0);
    }
}
