//! A list of at most `N` copyable items stored inline.
//!
//! Decision: the state is cloned thousands of times per bot decision, so every part of it is
//! `Copy` and a clone is one `memcpy`. `arrayvec::ArrayVec` clones item by item, which showed up
//! as a fifth of the time of the conformance tests; this small type (inline array and a length)
//! is all the state needs.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Deref, DerefMut};

/// At most `N` items, inline.
#[derive(Clone, Copy)]
pub(crate) struct FixedList<T: Copy + Default, const N: usize> {
    len: u8,
    items: [T; N],
}

impl<T: Copy + Default, const N: usize> FixedList<T, N> {
    pub fn new() -> Self {
        FixedList {
            len: 0,
            items: [T::default(); N],
        }
    }

    /// Appends `v`. The rules never exceed the capacities chosen in `state.rs`.
    pub fn push(&mut self, v: T) {
        assert!((self.len as usize) < N, "FixedList capacity {N} exceeded");
        self.items[self.len as usize] = v;
        self.len += 1;
    }

    pub fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        let v = self.items[self.len as usize];
        self.items[self.len as usize] = T::default();
        Some(v)
    }

    pub fn insert(&mut self, at: usize, v: T) {
        assert!((self.len as usize) < N && at <= self.len as usize);
        self.items.copy_within(at..self.len as usize, at + 1);
        self.items[at] = v;
        self.len += 1;
    }

    pub fn remove(&mut self, at: usize) -> T {
        let v = self[at];
        self.items.copy_within(at + 1..self.len as usize, at);
        self.len -= 1;
        self.items[self.len as usize] = T::default();
        v
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let mut out = FixedList::new();
        for v in self.iter() {
            if keep(v) {
                out.push(*v);
            }
        }
        *self = out;
    }
}

impl<T: Copy + Default, const N: usize> Default for FixedList<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy + Default, const N: usize> Deref for FixedList<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
}

impl<T: Copy + Default, const N: usize> DerefMut for FixedList<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..self.len as usize]
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for FixedList<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for FixedList<T, N> {}

impl<T: Copy + Default + fmt::Debug, const N: usize> fmt::Debug for FixedList<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a FixedList<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for FixedList<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut l = FixedList::new();
        for v in iter {
            l.push(v);
        }
        l
    }
}

impl<T: Copy + Default, const N: usize> Extend<T> for FixedList<T, N> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for v in iter {
            self.push(v);
        }
    }
}

impl<T: Copy + Default + Serialize, const N: usize> Serialize for FixedList<T, N> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, T: Copy + Default + Deserialize<'de>, const N: usize> Deserialize<'de>
    for FixedList<T, N>
{
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<T>::deserialize(d)?;
        if v.len() > N {
            return Err(serde::de::Error::custom(format!(
                "a list of {} items where at most {N} fit",
                v.len()
            )));
        }
        Ok(v.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_retain_keep_order_and_equality_ignores_spare_room() {
        let mut l: FixedList<u8, 5> = [1, 3, 5].into_iter().collect();
        l.insert(1, 2);
        assert_eq!(&l[..], &[1, 2, 3, 5]);
        assert_eq!(l.remove(0), 1);
        l.retain(|&x| x != 3);
        assert_eq!(&l[..], &[2, 5]);
        assert_eq!(l.pop(), Some(5));
        let m: FixedList<u8, 5> = [2].into_iter().collect();
        assert_eq!(l, m);
        assert!(serde_json::from_str::<FixedList<u8, 2>>("[1,2,3]").is_err());
        assert_eq!(serde_json::to_string(&m).unwrap(), "[2]");
    }
}
