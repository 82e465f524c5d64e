//! Combining independent parts: subsystems by convolution over their mine counts, and the tiles
//! touching no number by the binomial C(U, M − m) (U such tiles, M mines left, m on the frontier).

use super::exact::Exact;
use super::poly::Poly;
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// `C(n, k)` exactly, for any size.
pub(crate) fn binomial(n: u64, k: u64) -> BigUint {
    if k > n {
        return BigUint::zero();
    }
    let k = k.min(n - k);
    // n·(n−1)·…·(n−k+1) / k!, with one big division: factors are gathered into u64 chunks first,
    // since a big-integer step per factor (and a division each) dominated the global weighing.
    product(n - k + 1..=n) / product(1..=k)
}

/// The product of `factors` (each below 2^32 in practice; any u64 is handled).
fn product(factors: std::ops::RangeInclusive<u64>) -> BigUint {
    let mut total = BigUint::one();
    let mut chunk: u64 = 1;
    for f in factors {
        match chunk.checked_mul(f) {
            Some(c) => chunk = c,
            None => {
                total *= chunk;
                chunk = f;
            }
        }
    }
    total * chunk
}

/// `C(n, k)` for every `k` in `lo..hi`, computed from one start value by the ratio of neighbours.
pub(crate) fn binomial_row(n: u64, lo: u64, hi: u64) -> Vec<BigUint> {
    let mut row = Vec::with_capacity(hi.saturating_sub(lo) as usize);
    let mut c = binomial(n, lo);
    for k in lo..hi {
        if k > n {
            row.push(BigUint::zero());
            continue;
        }
        row.push(c.clone());
        // C(n, k + 1) = C(n, k) · (n − k) / (k + 1)
        c = c * (n - k) / (k + 1);
    }
    row
}

/// For each frontier mine count `m` in `frontier`'s range, the number of ways to put the other
/// `mines_left − m` mines on the `outside` tiles touching no number: `C(outside, mines_left − m)`.
/// About how many machine-word operations the exact count of `mines` among `outside` tiles
/// takes: C(n, k) is built by k multiplications (k the smaller side) of a number that grows to
/// log2 C(n, k) ≤ n·H(k/n) bits.
pub(crate) fn outside_count_work(outside: u64, mines: u64) -> f64 {
    if mines >= outside {
        return 0.0;
    }
    let (n, k) = (outside as f64, mines.min(outside - mines) as f64);
    if k == 0.0 {
        return 0.0;
    }
    let p = k / n;
    let bits = -n * (p * p.log2() + (1.0 - p) * (1.0 - p).log2());
    k * bits / 64.0
}

/// The most [`outside_count_work`] an analysis takes on: about 4 s on the project's machine (a
/// 1000 × 1000 board with 100,000 mines, 7 × 10^8, takes 1.5 s). Beyond it a board gets
/// [`super::SolveError::TooLarge`], not minutes of work.
pub(crate) const MAX_COUNT_WORK: f64 = 2e9;

pub(crate) fn outside_weights(frontier: &Poly, outside: u64, mines_left: u64) -> Poly {
    let (lo, hi) = (frontier.lo() as u64, frontier.hi() as u64);
    let coefs = (lo..hi)
        .map(|m| match mines_left.checked_sub(m) {
            Some(rest) if rest <= outside => rest,
            _ => u64::MAX,
        })
        .collect::<Vec<_>>();
    // The needed `rest` values are consecutive (descending in m): compute that row once.
    let valid: Vec<u64> = coefs.iter().copied().filter(|&r| r != u64::MAX).collect();
    let (Some(&rmax), Some(&rmin)) = (valid.first(), valid.last()) else {
        return Poly::from_coefs(lo as usize, vec![Exact::ZERO; coefs.len()]);
    };
    let row = binomial_row(outside, rmin, rmax + 1);
    let values = coefs.iter().map(|&r| {
        if r == u64::MAX {
            Exact::ZERO
        } else {
            Exact::from(row[(r - rmin) as usize].clone())
        }
    });
    Poly::from_coefs(lo as usize, values)
}

/// The convolution of all `parts`.
pub(crate) fn convolve_all<'a>(parts: impl IntoIterator<Item = &'a Poly>) -> Poly {
    parts
        .into_iter()
        .fold(Poly::one(), |acc, p| acc.convolve(p))
}

/// For each part, the convolution of all the *other* parts (prefix and suffix products, so the
/// cost stays linear in the number of parts).
pub(crate) fn convolve_others(parts: &[Poly]) -> Vec<Poly> {
    let n = parts.len();
    let mut prefix = Vec::with_capacity(n + 1);
    prefix.push(Poly::one());
    for p in parts {
        let next = prefix.last().expect("prefix starts non-empty").convolve(p);
        prefix.push(next);
    }
    let mut others = vec![Poly::default(); n];
    let mut suffix = Poly::one();
    for i in (0..n).rev() {
        others[i] = prefix[i].convolve(&suffix);
        suffix = parts[i].convolve(&suffix);
    }
    others
}

/// `w[m] = Σ_t others[t] · outside[m + t]` for every `m` in `range`'s range: the weight of one
/// subsystem's layouts with `m` mines, summed over everything else on the board.
pub(crate) fn subsystem_weights(range: &Poly, others: &Poly, outside: &Poly) -> Poly {
    let coefs = (range.lo()..range.hi()).map(|m| {
        let mut sum = Exact::ZERO;
        for (t, c) in others.terms() {
            if let Some(o) = outside.get(m + t) {
                sum.add_product(c, o);
            }
        }
        sum
    });
    Poly::from_coefs(range.lo(), coefs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_match_pascal() {
        assert_eq!(binomial(10, 3), BigUint::from(120u32));
        assert_eq!(binomial(3, 10), BigUint::zero());
        let row = binomial_row(10, 2, 13);
        let expected: Vec<BigUint> = (2..13).map(|k| binomial(10, k)).collect();
        assert_eq!(row, expected);
        // C(100, 50) has 97 bits: past u64.
        assert_eq!(
            binomial(100, 50).to_string(),
            "100891344545564193334812497256"
        );
        // Every entry of Pascal's triangle up to row 130 (rows past 2^64 included).
        let mut pascal = vec![BigUint::one()];
        for n in 1..=130u64 {
            let mut next = vec![BigUint::one(); n as usize + 1];
            for k in 1..n as usize {
                next[k] = &pascal[k - 1] + &pascal[k];
            }
            pascal = next;
            for (k, c) in pascal.iter().enumerate() {
                assert_eq!(&binomial(n, k as u64), c, "C({n}, {k})");
            }
        }
        // Factors too large to share a u64 chunk.
        let n = 1u64 << 40;
        let expected = BigUint::from(n) * (n - 1) * (n - 2) / 6u32;
        assert_eq!(binomial(n, 3), expected);
    }

    #[test]
    fn others_leave_out_exactly_one_part() {
        let parts: Vec<Poly> = [(1usize, [2u32, 12]), (3, [8, 60]), (0, [1, 1])]
            .iter()
            .map(|(lo, c)| Poly::from_coefs(*lo, c.iter().map(|&x| u64::from(x))))
            .collect();
        let others = convolve_others(&parts);
        assert_eq!(others[0], parts[1].convolve(&parts[2]));
        assert_eq!(others[1], parts[0].convolve(&parts[2]));
        assert_eq!(others[2], parts[0].convolve(&parts[1]));
    }

    #[test]
    fn outside_weights_drop_layouts_that_cannot_fit() {
        // Frontier 1..=3 mines, 2 outside tiles, 3 mines left: C(2,2), C(2,1), C(2,0).
        let frontier = Poly::from_coefs(1, [Exact::ONE; 3]);
        let w = outside_weights(&frontier, 2, 3);
        let got: Vec<&Exact> = (1..4).map(|m| w.get(m).unwrap()).collect();
        assert_eq!(got, [&Exact::Word(1), &Exact::Word(2), &Exact::Word(1)]);
        // Only 1 mine left: layouts with 2 or 3 frontier mines do not fit.
        let w = outside_weights(&frontier, 2, 1);
        let got: Vec<&Exact> = (1..4).map(|m| w.get(m).unwrap()).collect();
        assert_eq!(got, [&Exact::Word(1), &Exact::ZERO, &Exact::ZERO]);
    }
}
