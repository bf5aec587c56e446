// Runs a batch on several threads and hands results back in input order, holding at most a small
// window of finished results in memory (so memory is bounded by the pages in flight, not the batch).
#pragma once

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

namespace pith::batch {

// A batch of unknown length (the records of an archive): next(&task) gives the tasks one by one (false at the
// end; it runs under a lock of its own, one call at a time, on a worker thread), work(task) runs on a worker
// thread and emit(result) on the calling thread in task order. At most jobs x 4 tasks are read
// ahead of the one being emitted, so memory is bounded by the tasks in flight. A next() that waits
// (for a streamed request's next line, a fetch) holds up no finished result: those are emitted
// meanwhile.
template <class T, class R>
void RunOrderedStream(int jobs, const std::function<bool(T*)>& next, const std::function<R(T&)>& work,
                      const std::function<void(R&)>& emit) {
  if (jobs <= 1) {
    T task;
    while (next(&task)) {
      R r = work(task);
      emit(r);
    }
    return;
  }
  const std::size_t window = static_cast<std::size_t>(jobs) * 4;
  std::mutex mu;         // the counters, `done`, `running`
  std::mutex source_mu;  // next(): one call at a time, outside `mu`
  std::condition_variable cv;
  std::map<std::size_t, R> done;
  std::size_t next_task = 0, next_emit = 0;
  bool exhausted = false;
  int running = jobs;
  auto worker = [&]() {
    T task;
    while (true) {
      std::size_t i;
      {
        std::unique_lock source_lock(source_mu);
        bool more = false;
        {
          std::unique_lock lock(mu);
          cv.wait(lock, [&] { return exhausted || next_task < next_emit + window; });
          more = !exhausted;
        }
        more = more && next(&task);
        std::lock_guard lock(mu);
        if (!more) {
          exhausted = true;
          --running;
          cv.notify_all();
          return;
        }
        i = next_task++;
      }
      R r = work(task);
      {
        std::lock_guard lock(mu);
        done.emplace(i, std::move(r));
      }
      cv.notify_all();
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < jobs; ++t) threads.emplace_back(worker);
  while (true) {
    std::optional<R> r;
    {
      std::unique_lock lock(mu);
      cv.wait(lock, [&] { return done.count(next_emit) > 0 || (running == 0 && next_emit == next_task); });
      auto it = done.find(next_emit);
      if (it == done.end()) break;
      r.emplace(std::move(it->second));
      done.erase(it);
    }
    emit(*r);
    {
      std::lock_guard lock(mu);
      ++next_emit;
    }
    cv.notify_all();
  }
  for (auto& t : threads) t.join();
}

// A batch of n inputs: work(i) runs on a worker thread; emit(i, result) runs on the calling thread
// for i = 0, 1, 2, ...
template <class R>
void RunOrdered(std::size_t n, int jobs, const std::function<R(std::size_t)>& work,
                const std::function<void(std::size_t, R&)>& emit) {
  std::size_t next = 0;
  using Indexed = std::pair<std::size_t, R>;
  RunOrderedStream<std::size_t, Indexed>(
      n <= 1 ? 1 : jobs, [&](std::size_t* i) { return next < n ? (*i = next++, true) : false; },
      [&](std::size_t& i) { return Indexed(i, work(i)); }, [&](Indexed& r) { emit(r.first, r.second); });
}

}  // namespace pith::batch
