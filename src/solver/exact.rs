//! An exact count, held in a machine word while it fits one and as a big integer past it.
//!
//! Every count of the solver is exact, and some pass 2^64 (the ways to spread the mines left
//! over the tiles beyond the frontier). But most do not: the layouts of one subsystem by mine
//! count, the group binomials, a local analysis' weights. As `BigUint`s each of those was a
//! heap allocation of its own, and the allocator was 13% of `solve --stream`'s instructions.
//! Here a word costs none, and a sum or product that leaves the word becomes a `BigUint`
//! exactly then: every result is the same number either way.

use num_bigint::BigUint;
use std::iter::Sum;

/// A count: a word while it fits `u64`, else a big integer (never one that fits a word, so two
/// equal counts are equal values).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Exact {
    Word(u64),
    Big(BigUint),
}

impl Default for Exact {
    fn default() -> Exact {
        Exact::ZERO
    }
}

impl Exact {
    pub const ZERO: Exact = Exact::Word(0);
    pub const ONE: Exact = Exact::Word(1);

    pub fn is_zero(&self) -> bool {
        matches!(self, Exact::Word(0))
    }

    /// The count as a big integer (a copy).
    pub fn to_big(&self) -> BigUint {
        match self {
            Exact::Word(w) => BigUint::from(*w),
            Exact::Big(b) => b.clone(),
        }
    }

    /// The count as a big integer.
    pub fn into_big(self) -> BigUint {
        match self {
            Exact::Word(w) => BigUint::from(w),
            Exact::Big(b) => b,
        }
    }

    /// `self += a`.
    pub fn add(&mut self, a: &Exact) {
        match a {
            Exact::Word(x) => self.add_wide(u128::from(*x)),
            Exact::Big(x) => self.add_big(x),
        }
    }

    /// `self += a · k`, for a small factor (a group's binomial): no product is built where
    /// `a` is a word, or where `k` is 1.
    pub fn add_scaled(&mut self, a: &Exact, k: u64) {
        match (a, k) {
            (_, 0) => {}
            (Exact::Word(x), k) => self.add_wide(u128::from(*x) * u128::from(k)),
            (Exact::Big(x), 1) => self.add_big(x),
            (Exact::Big(x), k) => self.add_big(&(x * k)),
        }
    }

    /// `self += a · b`.
    pub fn add_product(&mut self, a: &Exact, b: &Exact) {
        match (a, b) {
            (_, Exact::Word(k)) => self.add_scaled(a, *k),
            (Exact::Word(k), _) => self.add_scaled(b, *k),
            (Exact::Big(x), Exact::Big(y)) => self.add_big(&(x * y)),
        }
    }

    /// `a · k`.
    pub fn scaled(a: &Exact, k: u64) -> Exact {
        let mut product = Exact::ZERO;
        product.add_scaled(a, k);
        product
    }

    /// `self += v`; `v` at most `(2^64 − 1)^2`, so a word plus it stays within a `u128`.
    fn add_wide(&mut self, v: u128) {
        match self {
            Exact::Word(w) => *self = Exact::from(u128::from(*w) + v),
            Exact::Big(b) => *b += v,
        }
    }

    /// `self += x`, for an `x` past a word: the sum is past a word too.
    fn add_big(&mut self, x: &BigUint) {
        match self {
            Exact::Word(w) => *self = Exact::Big(x + *w),
            Exact::Big(b) => *b += x,
        }
    }
}

impl From<u64> for Exact {
    fn from(value: u64) -> Exact {
        Exact::Word(value)
    }
}

impl From<u128> for Exact {
    fn from(value: u128) -> Exact {
        u64::try_from(value).map_or_else(|_| Exact::Big(BigUint::from(value)), Exact::Word)
    }
}

impl From<BigUint> for Exact {
    fn from(value: BigUint) -> Exact {
        u64::try_from(&value).map_or(Exact::Big(value), Exact::Word)
    }
}

impl<'a> Sum<&'a Exact> for Exact {
    fn sum<I: Iterator<Item = &'a Exact>>(iter: I) -> Exact {
        iter.fold(Exact::ZERO, |mut sum, x| {
            sum.add(x);
            sum
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every operation against the same one done on big integers, with values on both sides of
    /// the word's edge.
    #[test]
    fn words_and_big_integers_give_the_same_numbers() {
        let edge = u128::from(u64::MAX);
        let values: Vec<u128> = vec![0, 1, 2, 70, edge - 1, edge, edge + 1, edge * 3, edge * edge];
        let factors = [0u64, 1, 2, 70, u64::MAX];
        for &a in &values {
            for &b in &values {
                let (x, y) = (Exact::from(a), Exact::from(b));
                let (big_a, big_b) = (BigUint::from(a), BigUint::from(b));
                let mut sum = x.clone();
                sum.add(&y);
                assert_eq!(sum.to_big(), &big_a + &big_b, "{a} + {b}");
                let mut acc = Exact::from(a);
                acc.add_product(&Exact::from(b), &Exact::from(b));
                assert_eq!(acc.into_big(), &big_a + &big_b * &big_b, "{a} + {b}²");
                for &k in &factors {
                    let mut acc = x.clone();
                    acc.add_scaled(&y, k);
                    assert_eq!(acc.to_big(), &big_a + &big_b * k, "{a} + {b}·{k}");
                    assert_eq!(Exact::scaled(&y, k).to_big(), &big_b * k);
                }
            }
        }
    }

    #[test]
    fn a_count_that_fits_a_word_is_a_word() {
        assert_eq!(Exact::from(BigUint::from(5u32)), Exact::Word(5));
        assert_eq!(Exact::from(u128::from(u64::MAX)), Exact::Word(u64::MAX));
        assert!(matches!(
            Exact::from(u128::from(u64::MAX) + 1),
            Exact::Big(_)
        ));
        let mut sum = Exact::Word(u64::MAX);
        sum.add(&Exact::ONE);
        assert_eq!(sum, Exact::Big(BigUint::from(u128::from(u64::MAX) + 1)));
        let total: Exact = [Exact::ONE, Exact::Word(2), Exact::ZERO].iter().sum();
        assert_eq!(total, Exact::Word(3));
    }
}
