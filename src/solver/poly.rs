//! Exact counts indexed by a number of mines: `coef[i]` layouts hold `lo + i` mines.
//!
//! Every count in the solver is one of these, so subsystems combine by convolution and weights by
//! mine count apply by dot products. Coefficients are `BigUint`: counts pass 2^64 on real boards.

use num_bigint::BigUint;
use num_traits::Zero;

/// A polynomial in the mine count with exact coefficients, stored from its lowest mine count.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Poly {
    lo: usize,
    coef: Vec<BigUint>,
}

impl Poly {
    /// The polynomial with a single layout of zero mines.
    pub fn one() -> Poly {
        Poly::constant(0, BigUint::from(1u32))
    }

    /// `value` layouts, all with `mines` mines.
    pub fn constant(mines: usize, value: BigUint) -> Poly {
        Poly {
            lo: mines,
            coef: vec![value],
        }
    }

    /// A polynomial from its coefficients starting at `lo` mines.
    pub fn from_coefs(lo: usize, coef: Vec<BigUint>) -> Poly {
        Poly { lo, coef }
    }

    /// Zeros of the same range as `self`.
    pub fn zeros_like(&self) -> Poly {
        Poly {
            lo: self.lo,
            coef: vec![BigUint::zero(); self.coef.len()],
        }
    }

    pub fn is_zero(&self) -> bool {
        self.coef.iter().all(Zero::is_zero)
    }

    /// Lowest mine count stored.
    pub fn lo(&self) -> usize {
        self.lo
    }

    /// One past the highest mine count stored.
    pub fn hi(&self) -> usize {
        self.lo + self.coef.len()
    }

    /// The count at `mines` (zero outside the stored range).
    pub fn get(&self, mines: usize) -> Option<&BigUint> {
        mines.checked_sub(self.lo).and_then(|i| self.coef.get(i))
    }

    /// `(mines, count)` for every stored mine count with a non-zero count.
    pub fn terms(&self) -> impl Iterator<Item = (usize, &BigUint)> {
        let lo = self.lo;
        self.coef
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.is_zero())
            .map(move |(i, c)| (lo + i, c))
    }

    /// Sum of all counts.
    pub fn total(&self) -> BigUint {
        self.coef.iter().sum()
    }

    /// `self[m + shift] += scale * src[m]` for every `m`, widening `self` as needed.
    pub fn add_shifted(&mut self, src: &Poly, shift: usize, scale: &BigUint) {
        if src.coef.is_empty() {
            return;
        }
        let lo = src.lo + shift;
        if self.coef.is_empty() {
            // The first edge into a new state of the sweep (most of them): each coefficient made
            // once as its product, not as a zero that the product is then added to.
            self.lo = lo;
            self.coef = src.coef.iter().map(|c| product(c, scale)).collect();
            return;
        }
        self.widen(lo, lo + src.coef.len());
        let offset = lo - self.lo;
        for (i, c) in src.coef.iter().enumerate() {
            if !c.is_zero() {
                add_product(&mut self.coef[offset + i], c, scale);
            }
        }
    }

    /// `self[m] += scale * src[m + shift]` over `self`'s own range (nothing outside it).
    pub fn gather_shifted(&mut self, src: &Poly, shift: usize, scale: &BigUint) {
        let lo = self.lo;
        for (i, c) in self.coef.iter_mut().enumerate() {
            if let Some(s) = src.get(lo + i + shift) {
                if !s.is_zero() {
                    add_product(c, s, scale);
                }
            }
        }
    }

    /// `Σ_m self[m] · other[m + shift]`.
    pub fn dot_shifted(&self, other: &Poly, shift: usize) -> BigUint {
        let mut sum = BigUint::zero();
        for (i, c) in self.coef.iter().enumerate() {
            if c.is_zero() {
                continue;
            }
            if let Some(o) = other.get(self.lo + i + shift) {
                if !o.is_zero() {
                    add_product(&mut sum, c, o);
                }
            }
        }
        sum
    }

    /// The convolution: layouts of two independent parts, by their total mine count.
    pub fn convolve(&self, other: &Poly) -> Poly {
        if self.coef.is_empty() || other.coef.is_empty() {
            return Poly::default();
        }
        let mut coef = vec![BigUint::zero(); self.coef.len() + other.coef.len() - 1];
        for (i, a) in self.coef.iter().enumerate() {
            if a.is_zero() {
                continue;
            }
            for (j, b) in other.coef.iter().enumerate() {
                if !b.is_zero() {
                    add_product(&mut coef[i + j], a, b);
                }
            }
        }
        Poly {
            lo: self.lo + other.lo,
            coef,
        }
    }

    fn widen(&mut self, lo: usize, hi: usize) {
        if self.coef.is_empty() {
            self.lo = lo;
            self.coef = vec![BigUint::zero(); hi - lo];
            return;
        }
        if lo < self.lo {
            let mut coef = vec![BigUint::zero(); self.lo - lo];
            coef.append(&mut self.coef);
            self.coef = coef;
            self.lo = lo;
        }
        if hi > self.hi() {
            self.coef.resize(hi - self.lo, BigUint::zero());
        }
    }
}

/// `acc += a · b` without building a `BigUint` product where it can: that would be a new
/// allocation, and this runs in the innermost loop of every sweep. When both fit a `u64`, as most
/// counts inside one subsystem do, the product is a `u128` added in place; a factor of 1 (most
/// group binomials: a group taking none or all of its tiles, or a group of one) adds the other.
pub(crate) fn add_product(acc: &mut BigUint, a: &BigUint, b: &BigUint) {
    match (as_u64(a), as_u64(b)) {
        (Some(x), Some(y)) => *acc += u128::from(x) * u128::from(y),
        (_, Some(1)) => *acc += a,
        (Some(1), _) => *acc += b,
        _ => *acc += a * b,
    }
}

/// `a · b`, by [`add_product`]'s shortcuts: a `u128` product when both fit a `u64`, a copy when
/// one factor is 1.
fn product(a: &BigUint, b: &BigUint) -> BigUint {
    match (as_u64(a), as_u64(b)) {
        (Some(x), Some(y)) => BigUint::from(u128::from(x) * u128::from(y)),
        (_, Some(1)) => a.clone(),
        (Some(1), _) => b.clone(),
        _ => a * b,
    }
}

/// The value of `x` when it fits a `u64`.
fn as_u64(x: &BigUint) -> Option<u64> {
    let mut digits = x.iter_u64_digits();
    match digits.len() {
        0 => Some(0),
        1 => digits.next(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn poly(lo: usize, coef: &[u32]) -> Poly {
        Poly::from_coefs(lo, coef.iter().map(|&c| BigUint::from(c)).collect())
    }

    #[test]
    fn products_add_alike_small_and_large() {
        let big = BigUint::from(u64::MAX) * 3u32;
        for (a, b) in [(0u64, 5u64), (7, 9), (1, 4), (u64::MAX, u64::MAX)] {
            let (a, b) = (BigUint::from(a), BigUint::from(b));
            let mut acc = BigUint::from(11u32);
            add_product(&mut acc, &a, &b);
            assert_eq!(acc, BigUint::from(11u32) + &a * &b);
            let mut acc = big.clone();
            add_product(&mut acc, &big, &b);
            assert_eq!(acc, &big + &big * &b);
            let mut acc = big.clone();
            add_product(&mut acc, &a, &big);
            assert_eq!(acc, &big + &a * &big);
        }
    }

    #[test]
    fn convolution_adds_mine_counts() {
        // Subsystems of the two-subsystem example: {1: 2, 2: 12} and {3: 8, 4: 12, 5: 12}.
        let a = poly(1, &[2, 12]);
        let b = poly(3, &[8, 60, 12]);
        let c = a.convolve(&b);
        assert_eq!(c, poly(4, &[16, 216, 744, 144]));
        assert_eq!(c.total(), a.total() * b.total());
    }

    #[test]
    fn add_shifted_widens_both_ways() {
        let mut p = poly(3, &[1]);
        p.add_shifted(&poly(0, &[1, 1]), 1, &BigUint::from(2u32));
        assert_eq!(p, poly(1, &[2, 2, 1]));
    }

    #[test]
    fn add_shifted_into_nothing_is_the_scaled_copy() {
        let big = BigUint::from(u64::MAX) * 5u32;
        let src = Poly::from_coefs(2, vec![BigUint::from(3u32), BigUint::zero(), big.clone()]);
        for scale in [1u64, 7, u64::MAX] {
            let scale = BigUint::from(scale);
            let mut fresh = Poly::default();
            fresh.add_shifted(&src, 4, &scale);
            // The same sum by the general path: zeros over the range first, then the product added.
            let mut widened = Poly::from_coefs(6, vec![BigUint::zero(); 3]);
            widened.add_shifted(&src, 4, &scale);
            assert_eq!(fresh, widened);
            let expected = [&scale * 3u32, BigUint::zero(), &big * &scale];
            assert_eq!(fresh, Poly::from_coefs(6, expected.to_vec()));
        }
    }

    #[test]
    fn dot_and_gather_line_up_shifts() {
        let a = poly(1, &[1, 2]);
        let b = poly(2, &[10, 20, 30]);
        // a[1]*b[2] + a[2]*b[3] = 10 + 40
        assert_eq!(a.dot_shifted(&b, 1), BigUint::from(50u32));
        let mut g = a.zeros_like();
        g.gather_shifted(&b, 1, &BigUint::from(3u32));
        assert_eq!(g, poly(1, &[30, 60]));
    }
}
