//! Logistic regression of a game's result on features of its positions: the chance that the
//! first mover scores is `1 / (1 + e^-(b + w.x))`, fitted by Newton's method to results of 1,
//! 1/2 and 0 (a draw counts as half a win: the cross-entropy of a fractional target), with a
//! small ridge penalty on `w` (never on `b`) so that a feature seen in few positions stays near 0
//! instead of running away.

/// Newton steps at most; a fit of a dozen features settles in fewer than ten.
const STEPS: usize = 50;
/// A step smaller than this in every coefficient ends the fit.
const SETTLED: f64 = 1e-9;

/// A fitted model.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// The intercept `b` (the first mover's edge with equal material, in the model's units).
    pub intercept: f64,
    /// The weight of each feature.
    pub weights: Vec<f64>,
    /// Each weight's standard error (from the inverse of the penalised Hessian).
    pub errors: Vec<f64>,
}

/// Fits `targets` (each 0 to 1) on `rows` of features (all of one length), with the ridge penalty
/// `ridge` times the number of rows on each weight. `None` when there are no rows or the
/// equations are singular.
pub fn logistic(rows: &[Vec<f64>], targets: &[f64], ridge: f64) -> Option<Fit> {
    let k = rows.first()?.len() + 1;
    let n = rows.len().min(targets.len());
    let penalty = ridge * n as f64;
    let mut beta = vec![0.0; k];
    let mut inverse = Vec::new();
    for _ in 0..STEPS {
        // The gradient and Hessian of the penalised log-likelihood, the intercept at index 0.
        let mut grad = vec![0.0; k];
        let mut hess = vec![vec![0.0; k]; k];
        for (row, &y) in rows.iter().zip(targets).take(n) {
            let x = |j: usize| if j == 0 { 1.0 } else { row[j - 1] };
            let z: f64 = (0..k).map(|j| beta[j] * x(j)).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            let w = (p * (1.0 - p)).max(1e-12);
            for i in 0..k {
                grad[i] += (y - p) * x(i);
                for (j, h) in hess[i].iter_mut().enumerate() {
                    *h += w * x(i) * x(j);
                }
            }
        }
        for i in 1..k {
            grad[i] -= penalty * beta[i];
            hess[i][i] += penalty;
        }
        inverse = invert(&hess)?;
        let step: Vec<f64> = (0..k).map(|i| (0..k).map(|j| inverse[i][j] * grad[j]).sum()).collect();
        for (b, s) in beta.iter_mut().zip(&step) {
            *b += s;
        }
        if step.iter().all(|s| s.abs() < SETTLED) {
            break;
        }
    }
    if beta.iter().any(|b| !b.is_finite()) {
        return None;
    }
    Some(Fit {
        intercept: beta[0],
        weights: beta[1..].to_vec(),
        errors: (1..k).map(|i| inverse[i][i].max(0.0).sqrt()).collect(),
    })
}

/// The inverse of a square matrix by Gauss-Jordan elimination with partial pivoting; `None`
/// when it is singular.
fn invert(m: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let k = m.len();
    let mut a: Vec<Vec<f64>> = m
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut r = row.clone();
            r.extend((0..k).map(|j| if i == j { 1.0 } else { 0.0 }));
            r
        })
        .collect();
    for col in 0..k {
        let pivot = (col..k).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        let p = a[col][col];
        a[col].iter_mut().for_each(|v| *v /= p);
        let pivot_row = a[col].clone();
        for (r, row) in a.iter_mut().enumerate() {
            if r != col {
                let f = row[col];
                if f != 0.0 {
                    row.iter_mut().zip(&pivot_row).for_each(|(v, p)| *v -= f * p);
                }
            }
        }
    }
    Some(a.into_iter().map(|row| row[k..].to_vec()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use messhall_search::SearchRng;

    /// Positions with random material differences whose results are drawn from a known model:
    /// the fit finds the model's weights again.
    #[test]
    fn the_fit_recovers_known_weights() {
        let truth = [0.5, 1.5, 1.6, 2.5, 4.5];
        let intercept = 0.2;
        let mut rng = SearchRng::new(7);
        let (mut rows, mut targets) = (Vec::new(), Vec::new());
        for _ in 0..20_000 {
            let row: Vec<f64> = truth.iter().map(|_| f64::from(rng.below(5)) - 2.0).collect();
            let z: f64 = intercept + row.iter().zip(&truth).map(|(x, w)| x * w * 0.3).sum::<f64>();
            let p = 1.0 / (1.0 + (-z).exp());
            // A third of the results are draws, the rest drawn from the model.
            let r = f64::from(rng.below(1_000_000)) / 1e6;
            let y = if rng.below(3) == 0 {
                0.5
            } else if r < p {
                1.0
            } else {
                0.0
            };
            rows.push(row);
            targets.push(y);
        }
        let fit = logistic(&rows, &targets, 1e-6).unwrap();
        let pawn = fit.weights[0];
        for (w, t) in fit.weights.iter().zip(&truth) {
            let value = w / pawn * truth[0];
            assert!((value - t).abs() < 0.15 * t.max(1.0), "{value} for {t}: {fit:?}");
        }
        // Draws pull toward equal chances: the intercept keeps its sign, at a smaller size.
        assert!(fit.intercept > 0.0 && fit.intercept < intercept, "{fit:?}");
        assert!(fit.errors.iter().all(|&e| e > 0.0 && e < 0.05), "{fit:?}");
    }

    #[test]
    fn a_fit_of_nothing_or_of_a_constant_feature_is_refused() {
        assert_eq!(logistic(&[], &[], 0.0), None);
        let rows = vec![vec![1.0]; 10];
        assert_eq!(logistic(&rows, &[1.0; 10], 0.0), None);
    }
}
