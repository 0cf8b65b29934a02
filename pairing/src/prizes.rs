//! Splitting a pot by places (rules in the crate docs).

use crate::{PairingError, PlayerId, Standing};

/// Splits `pot` by the standings' places: `prizes_percent[k]` is the share of place k+1.
/// The percentages must add up to exactly 100 (zero entries are fine). Players sharing a
/// place split equally the shares of the places they cover. With fewer players than
/// prize places, the shares of the places nobody reaches go to the places reached, in
/// proportion to theirs (and if those are all zero, the whole pot goes to the first
/// place). Every amount is floored; the units left over go one each to the best-placed
/// players with a share, in the standings' order. The amounts add up to exactly `pot`.
///
/// `standings` is read in its order, places from the `place` field: the host may leave
/// out rows (withdrawn players, say) and the places are counted on what remains. The
/// result lists the players paid something, in the standings' order.
pub fn split_pot(
    pot: u64,
    prizes_percent: &[u32],
    standings: &[Standing],
) -> Result<Vec<(PlayerId, u64)>, PairingError> {
    let total: u64 = prizes_percent.iter().map(|&p| u64::from(p)).sum();
    if total != 100 {
        return Err(PairingError::BadPrizes(total));
    }
    if standings.is_empty() {
        return Err(PairingError::NoWinners);
    }
    let n = standings.len();
    // Groups of positions sharing a place: [start, end).
    let mut groups = Vec::new();
    let mut start = 0;
    for k in 1..=n {
        if k == n || standings[k].place != standings[start].place {
            groups.push((start, k));
            start = k;
        }
    }
    let weight = |k: usize| u128::from(prizes_percent.get(k).copied().unwrap_or(0));
    let mut denominator: u128 = (0..n).map(weight).sum();
    let mut group_weight: Vec<u128> = groups
        .iter()
        .map(|&(s, e)| (s..e).map(weight).sum())
        .collect();
    if denominator == 0 {
        // Only unreached places had a share: all of it to the first place.
        group_weight.iter_mut().for_each(|w| *w = 0);
        group_weight[0] = 1;
        denominator = 1;
    }
    let pot128 = u128::from(pot);
    let mut amounts = vec![0u128; n];
    let mut paid_out: u128 = 0;
    for (&(s, e), &w) in groups.iter().zip(&group_weight) {
        let each = pot128 * w / (denominator * (e - s) as u128);
        for a in &mut amounts[s..e] {
            *a = each;
            paid_out += each;
        }
    }
    let mut left = pot128 - paid_out;
    let with_share: Vec<usize> = groups
        .iter()
        .zip(&group_weight)
        .filter(|(_, &w)| w > 0)
        .flat_map(|(&(s, e), _)| s..e)
        .collect();
    // Fewer units are left than players with a share (each floor loses less than one), so
    // `each` is 0; it only keeps the total exact, and the loop short, if that were wrong.
    let count = with_share.len() as u128;
    let each = left / count;
    left %= count;
    for (i, &k) in with_share.iter().enumerate() {
        amounts[k] += each + u128::from((i as u128) < left);
    }
    Ok(standings
        .iter()
        .zip(amounts)
        .filter(|(_, a)| *a > 0)
        .map(|(s, a)| (s.player, a as u64))
        .collect())
}
