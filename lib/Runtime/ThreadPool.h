//===- ThreadPool.h - the runtime's background workers ---------*- C++ -*-===//
#ifndef TRITON_RUNTIME_THREADPOOL_H
#define TRITON_RUNTIME_THREADPOOL_H

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace triton::runtime {

/// A fixed set of threads running queued tasks in order. The destructor
/// finishes the queue, then joins.
class ThreadPool {
public:
  explicit ThreadPool(unsigned threads) {
    if (threads == 0)
      threads = 1;
    for (unsigned i = 0; i < threads; ++i)
      workers.emplace_back([this] { work(); });
  }
  ~ThreadPool() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      stopping = true;
    }
    wake.notify_all();
    for (std::thread &worker : workers)
      worker.join();
  }
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  void enqueue(std::function<void()> task) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      tasks.push_back(std::move(task));
    }
    wake.notify_one();
  }

private:
  void work() {
    while (true) {
      std::function<void()> task;
      {
        std::unique_lock<std::mutex> lock(mutex);
        wake.wait(lock, [this] { return stopping || !tasks.empty(); });
        if (tasks.empty())
          return;
        task = std::move(tasks.front());
        tasks.pop_front();
      }
      task();
    }
  }

  std::mutex mutex;
  std::condition_variable wake;
  std::deque<std::function<void()>> tasks;
  std::vector<std::thread> workers;
  bool stopping = false;
};

} // namespace triton::runtime

#endif // TRITON_RUNTIME_THREADPOOL_H
