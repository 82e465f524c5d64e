//! Exact probabilities as reduced fractions of big integers, printed `"a/b"` (or `"0"`, `"1"`).

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};
use std::fmt;

/// A probability `num / den` in lowest terms, with `den > 0`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    num: BigUint,
    den: BigUint,
}

impl Ratio {
    /// `num / den` reduced. `den` must be non-zero: every caller divides by a count it knows is positive.
    pub fn new(num: BigUint, den: BigUint) -> Ratio {
        assert!(
            !den.is_zero(),
            "a probability's denominator is a positive count"
        );
        let g = num.gcd(&den);
        if g.is_one() || g.is_zero() {
            return Ratio { num, den };
        }
        Ratio {
            num: num / &g,
            den: den / &g,
        }
    }

    pub fn zero() -> Ratio {
        Ratio::new(BigUint::zero(), BigUint::one())
    }

    pub fn numer(&self) -> &BigUint {
        &self.num
    }

    pub fn denom(&self) -> &BigUint {
        &self.den
    }

    pub fn is_zero(&self) -> bool {
        self.num.is_zero()
    }

    pub fn is_one(&self) -> bool {
        self.num == self.den
    }

    /// The nearest `f64`, for display and ranking only; exact even when both parts exceed `f64`.
    pub fn to_f64(&self) -> f64 {
        let bits = self.num.bits().max(self.den.bits());
        let drop = bits.saturating_sub(96);
        let num = (&self.num >> drop).to_f64().unwrap_or(f64::NAN);
        let den = (&self.den >> drop).to_f64().unwrap_or(f64::NAN);
        if den == 0.0 {
            // The numerator is far smaller than the denominator: below f64's reach relative to 1.
            return 0.0;
        }
        num / den
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.num.is_zero() {
            write!(f, "0")
        } else if self.den.is_one() {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
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
