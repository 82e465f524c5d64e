//! Exact counts indexed by a number of mines: `coef[i]` layouts hold `lo + i` mines.
//!
//! Every count in the solver is one of these, so subsystems combine by convolution and weights by
//! mine count apply by dot products. Coefficients are [`Exact`]: a machine word while the count
//! fits one, a big integer past it (counts pass 2^64 on real boards).

use super::exact::Exact;

/// A polynomial in the mine count with exact coefficients, stored from its lowest mine count.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Poly {
    lo: usize,
    coef: Vec<Exact>,
}

impl Poly {
    /// The polynomial with a single layout of zero mines.
    pub fn one() -> Poly {
        Poly::constant(0, Exact::ONE)
    }

    /// `value` layouts, all with `mines` mines.
    pub fn constant(mines: usize, value: impl Into<Exact>) -> Poly {
        Poly {
            lo: mines,
            coef: vec![value.into()],
        }
    }

    /// A polynomial from its coefficients starting at `lo` mines.
    pub fn from_coefs<C: Into<Exact>>(lo: usize, coef: impl IntoIterator<Item = C>) -> Poly {
        Poly {
            lo,
            coef: coef.into_iter().map(Into::into).collect(),
        }
    }

    /// Zeros of the same range as `self`.
    pub fn zeros_like(&self) -> Poly {
        let mut zeros = Poly::default();
        zeros.set_zeros_like(self);
        zeros
    }

    /// Makes `self` zeros of the same range as `other`, in the room it has: the backward pass
    /// makes one such poly for every state of every step.
    pub fn set_zeros_like(&mut self, other: &Poly) {
        self.lo = other.lo;
        self.coef.clear();
        self.coef.resize(other.coef.len(), Exact::ZERO);
    }

    pub fn is_zero(&self) -> bool {
        self.coef.iter().all(Exact::is_zero)
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
    pub fn get(&self, mines: usize) -> Option<&Exact> {
        mines.checked_sub(self.lo).and_then(|i| self.coef.get(i))
    }

    /// `(mines, count)` for every stored mine count with a non-zero count.
    pub fn terms(&self) -> impl Iterator<Item = (usize, &Exact)> {
        let lo = self.lo;
        self.coef
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.is_zero())
            .map(move |(i, c)| (lo + i, c))
    }

    /// Sum of all counts.
    pub fn total(&self) -> Exact {
        self.coef.iter().sum()
    }

    /// `self[m + shift] += scale * src[m]` for every `m`, widening `self` as needed.
    pub fn add_shifted(&mut self, src: &Poly, shift: usize, scale: u64) {
        if src.coef.is_empty() {
            return;
        }
        let lo = src.lo + shift;
        if self.coef.is_empty() {
            // The first edge into a new state of the sweep (most of them): each coefficient made
            // once as its product, not as a zero that the product is then added to.
            self.lo = lo;
            self.coef = src.coef.iter().map(|c| Exact::scaled(c, scale)).collect();
            return;
        }
        self.widen(lo, lo + src.coef.len());
        let offset = lo - self.lo;
        for (i, c) in src.coef.iter().enumerate() {
            self.coef[offset + i].add_scaled(c, scale);
        }
    }

    /// `self[m] += scale * src[m + shift]` over `self`'s own range (nothing outside it).
    pub fn gather_shifted(&mut self, src: &Poly, shift: usize, scale: u64) {
        let lo = self.lo;
        for (i, c) in self.coef.iter_mut().enumerate() {
            if let Some(s) = src.get(lo + i + shift) {
                c.add_scaled(s, scale);
            }
        }
    }

    /// `Σ_m self[m] · other[m + shift]`.
    pub fn dot_shifted(&self, other: &Poly, shift: usize) -> Exact {
        let mut sum = Exact::ZERO;
        for (i, c) in self.coef.iter().enumerate() {
            if let Some(o) = other.get(self.lo + i + shift) {
                sum.add_product(c, o);
            }
        }
        sum
    }

    /// The convolution: layouts of two independent parts, by their total mine count.
    pub fn convolve(&self, other: &Poly) -> Poly {
        if self.coef.is_empty() || other.coef.is_empty() {
            return Poly::default();
        }
        let mut coef = vec![Exact::ZERO; self.coef.len() + other.coef.len() - 1];
        for (i, a) in self.coef.iter().enumerate() {
            if a.is_zero() {
                continue;
            }
            for (j, b) in other.coef.iter().enumerate() {
                coef[i + j].add_product(a, b);
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
            self.coef = vec![Exact::ZERO; hi - lo];
            return;
        }
        if lo < self.lo {
            let mut coef = vec![Exact::ZERO; self.lo - lo];
            coef.append(&mut self.coef);
            self.coef = coef;
            self.lo = lo;
        }
        if hi > self.hi() {
            self.coef.resize(hi - self.lo, Exact::ZERO);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;

    fn poly(lo: usize, coef: &[u64]) -> Poly {
        Poly::from_coefs(lo, coef.iter().copied())
    }

    #[test]
    fn convolution_adds_mine_counts() {
        // Subsystems of the two-subsystem example: {1: 2, 2: 12} and {3: 8, 4: 12, 5: 12}.
        let a = poly(1, &[2, 12]);
        let b = poly(3, &[8, 60, 12]);
        let c = a.convolve(&b);
        assert_eq!(c, poly(4, &[16, 216, 744, 144]));
        assert_eq!(c.total(), Exact::Word(14 * 80));
    }

    #[test]
    fn a_convolution_past_a_word_is_exact() {
        let a = poly(0, &[u64::MAX, 3]);
        let c = a.convolve(&a);
        let max = BigUint::from(u64::MAX);
        let expected = [&max * &max, &max * 6u32, BigUint::from(9u32)];
        assert_eq!(c, Poly::from_coefs(0, expected));
    }

    #[test]
    fn add_shifted_widens_both_ways() {
        let mut p = poly(3, &[1]);
        p.add_shifted(&poly(0, &[1, 1]), 1, 2);
        assert_eq!(p, poly(1, &[2, 2, 1]));
    }

    #[test]
    fn add_shifted_into_nothing_is_the_scaled_copy() {
        let big = BigUint::from(u64::MAX) * 5u32;
        let src = Poly::from_coefs(2, [BigUint::from(3u32), BigUint::ZERO, big.clone()]);
        for scale in [1u64, 7, u64::MAX] {
            let mut fresh = Poly::default();
            fresh.add_shifted(&src, 4, scale);
            // The same sum by the general path: zeros over the range first, then the product added.
            let mut widened = Poly::from_coefs(6, [0u64; 3]);
            widened.add_shifted(&src, 4, scale);
            assert_eq!(fresh, widened);
            let expected = [BigUint::from(scale) * 3u32, BigUint::ZERO, &big * scale];
            assert_eq!(fresh, Poly::from_coefs(6, expected));
        }
    }

    #[test]
    fn dot_and_gather_line_up_shifts() {
        let a = poly(1, &[1, 2]);
        let b = poly(2, &[10, 20, 30]);
        // a[1]*b[2] + a[2]*b[3] = 10 + 40
        assert_eq!(a.dot_shifted(&b, 1), Exact::Word(50));
        let mut g = a.zeros_like();
        g.gather_shifted(&b, 1, 3);
        assert_eq!(g, poly(1, &[30, 60]));
    }
}
