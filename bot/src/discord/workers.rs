//! The bounded pool of the core's blocking work, and the locks that let one game start at
//! a time in a channel: the one adapter from the async Discord side to the blocking core.

use jetan_core::ChannelId;

use std::sync::Arc;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// How many locks the channels share for starting games (a channel's is picked by its
/// id): two channels on one lock only wait for each other's thread to open.
const START_LOCKS: usize = 64;

/// The bounded pool of core work: at most `n` requests do CPU or disk work at once. With
/// it, the locks that let one game start at a time in a channel.
#[derive(Clone)]
pub(crate) struct Workers {
    permits: Arc<Semaphore>,
    starts: Arc<[tokio::sync::Mutex<()>]>,
}

impl Workers {
    pub(crate) fn new(n: usize) -> Workers {
        Workers {
            permits: Arc::new(Semaphore::new(n.max(1))),
            starts: (0..START_LOCKS)
                .map(|_| tokio::sync::Mutex::new(()))
                .collect(),
        }
    }

    /// The lock held from a game's accept until it is in its own thread: an accepted
    /// game waits in its channel for the thread, and a second accept there meanwhile
    /// would find the channel busy. Every interaction of a server reaches the one
    /// process that runs its shard, so a lock in the process is enough.
    pub(super) fn start_lock(&self, channel: ChannelId) -> &tokio::sync::Mutex<()> {
        // Channel ids are snowflakes: their low bits count ids made in one millisecond.
        let i = (channel.get() >> 22) ^ channel.get();
        &self.starts[usize::try_from(i % START_LOCKS as u64).unwrap_or(0)]
    }

    /// A permit if a worker is free right now.
    pub(super) fn try_start(&self) -> Option<OwnedSemaphorePermit> {
        self.permits.clone().try_acquire_owned().ok()
    }

    /// Waits for a free worker.
    pub(super) async fn start(&self) -> OwnedSemaphorePermit {
        self.permits
            .clone()
            .acquire_owned()
            .await
            .expect("the worker semaphore is never closed")
    }

    /// Runs `work` on the blocking pool once a worker is free.
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, tokio::task::JoinError> {
        let permit = self.start().await;
        spawn_with(permit, work).await
    }
}

/// Quick read-only core work (autocomplete) on the blocking pool, outside the bounded
/// workers so that suggestions never wait behind moves. `None` if it panicked.
pub(crate) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    tokio::task::spawn_blocking(work).await.ok()
}

/// The one adapter from async to the blocking core: `work` runs on the blocking pool and
/// holds `permit` until it is done.
pub(super) fn spawn_with<T: Send + 'static>(
    permit: OwnedSemaphorePermit,
    work: impl FnOnce() -> T + Send + 'static,
) -> tokio::task::JoinHandle<T> {
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work()
    })
}
