//! Whether a set of players can all be paired: a perfect matching in a general graph,
//! found with Edmonds' blossom algorithm (O(V³)), so that the Swiss search never commits to
//! a pair that leaves the rest unpairable.

const NONE: usize = usize::MAX;

/// A perfect matching of `vertices` (an even number of them) by pairs `(a, b)` with
/// `edge(a, b)` true (`edge` symmetric), as each vertex's partner by position in
/// `vertices`; `None` if there is none. The pairs of `hint` whose ends are both in
/// `vertices` and joined by an edge are kept as a start, so that a matching that lost a
/// pair or two is repaired with one or two augmentations instead of found anew.
pub(crate) fn perfect_matching(
    vertices: &[usize],
    edge: impl Fn(usize, usize) -> bool,
    hint: &[(usize, usize)],
) -> Option<Vec<(usize, usize)>> {
    let n = vertices.len();
    if n % 2 == 1 {
        return None;
    }
    let adj: Vec<Vec<usize>> = (0..n)
        .map(|i| {
            (0..n)
                .filter(|&j| j != i && edge(vertices[i], vertices[j]))
                .collect()
        })
        .collect();
    if adj.iter().any(Vec::is_empty) {
        return None;
    }
    let mut blossom = Blossom::new(adj);
    let position = |v: usize| vertices.iter().position(|&w| w == v);
    for &(a, b) in hint {
        if let (Some(i), Some(j)) = (position(a), position(b)) {
            if blossom.mate[i] == NONE && blossom.mate[j] == NONE && blossom.adj[i].contains(&j) {
                blossom.mate[i] = j;
                blossom.mate[j] = i;
            }
        }
    }
    if blossom.maximum() * 2 != n {
        return None;
    }
    Some(
        (0..n)
            .filter(|&i| i < blossom.mate[i])
            .map(|i| (vertices[i], vertices[blossom.mate[i]]))
            .collect(),
    )
}

struct Blossom {
    adj: Vec<Vec<usize>>,
    mate: Vec<usize>,
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    in_blossom: Vec<bool>,
    queue: std::collections::VecDeque<usize>,
}

impl Blossom {
    fn new(adj: Vec<Vec<usize>>) -> Blossom {
        let n = adj.len();
        Blossom {
            adj,
            mate: vec![NONE; n],
            parent: vec![NONE; n],
            base: (0..n).collect(),
            used: vec![false; n],
            in_blossom: vec![false; n],
            queue: Default::default(),
        }
    }

    /// The size of a maximum matching, grown from the current one.
    fn maximum(&mut self) -> usize {
        let n = self.adj.len();
        let mut size = self.mate.iter().filter(|&&m| m != NONE).count() / 2;
        // A greedy start saves most augmentations.
        for v in 0..n {
            if self.mate[v] == NONE {
                if let Some(&u) = self.adj[v].iter().find(|&&u| self.mate[u] == NONE) {
                    self.mate[v] = u;
                    self.mate[u] = v;
                    size += 1;
                }
            }
        }
        for root in 0..n {
            if self.mate[root] != NONE {
                continue;
            }
            if let Some(mut v) = self.find_path(root) {
                while v != NONE {
                    let pv = self.parent[v];
                    let next = self.mate[pv];
                    self.mate[v] = pv;
                    self.mate[pv] = v;
                    v = next;
                }
                size += 1;
            }
        }
        size
    }

    fn lca(&self, mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; self.adj.len()];
        loop {
            a = self.base[a];
            seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize) {
        while self.base[v] != b {
            self.in_blossom[self.base[v]] = true;
            self.in_blossom[self.base[self.mate[v]]] = true;
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }

    /// An augmenting path from `root`: its free end, the path in `parent`/`mate`.
    fn find_path(&mut self, root: usize) -> Option<usize> {
        let n = self.adj.len();
        self.used.iter_mut().for_each(|u| *u = false);
        self.parent.iter_mut().for_each(|p| *p = NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.used[root] = true;
        self.queue.clear();
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for k in 0..self.adj[v].len() {
                let to = self.adj[v][k];
                if self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE) {
                    let cur = self.lca(v, to);
                    self.in_blossom.iter_mut().for_each(|b| *b = false);
                    self.mark_path(v, cur, to);
                    self.mark_path(to, cur, v);
                    for i in 0..n {
                        if self.in_blossom[self.base[i]] {
                            self.base[i] = cur;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push_back(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if self.mate[to] == NONE {
                        return Some(to);
                    }
                    let next = self.mate[to];
                    self.used[next] = true;
                    self.queue.push_back(next);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::perfect_matching;

    fn has_perfect_matching(v: &[usize], e: impl Fn(usize, usize) -> bool) -> bool {
        perfect_matching(v, e, &[]).is_some()
    }

    #[test]
    fn odd_cycle_blossoms_are_handled() {
        // Two triangles joined by one edge: 0-1-2 and 3-4-5, edge 2-3: matching 0-1, 2-3, 4-5.
        let edges = [(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5), (2, 3)];
        let e = |a: usize, b: usize| edges.contains(&(a, b)) || edges.contains(&(b, a));
        assert!(has_perfect_matching(&[0, 1, 2, 3, 4, 5], e));
        // Without the bridge, two odd components: none.
        let e2 = |a: usize, b: usize| e(a, b) && (a, b) != (2, 3) && (a, b) != (3, 2);
        assert!(!has_perfect_matching(&[0, 1, 2, 3, 4, 5], e2));
        assert!(!has_perfect_matching(&[0, 1, 2], e));
        assert!(has_perfect_matching(&[], e));
    }
}
