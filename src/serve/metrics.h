// `pith serve`'s counters, written as Prometheus' text exposition format (version 0.0.4) at
// GET /metrics: requests and a latency histogram by endpoint and status, bytes in and out,
// extraction records by category (ok, no_content, error kinds), fetches by result, requests in
// flight and extraction jobs waiting. Thread-safe; every update is one short critical section.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>

namespace pith::serve {

class Metrics {
 public:
  // Latency histogram bucket bounds, in seconds (the +Inf bucket is implied).
  static constexpr std::array<double, 12> kBuckets = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
                                                      0.1,   0.25,   0.5,   1.0,  2.5,   10.0};

  // A request finished: its endpoint ("/v1/extract", "/healthz", "other"...), status and sizes.
  void Request(std::string_view endpoint, int status, double seconds, std::uint64_t bytes_in,
               std::uint64_t bytes_out);
  // A record was made: "ok", "no_content", or an error kind ("too_large", "dns"...).
  void Record(std::string_view category);
  // A fetch ended: "ok" or its error kind.
  void Fetch(std::string_view result);
  // Open connections, requests in flight, requests waiting for a worker.
  void SetGauges(int connections, int in_flight, std::size_t queued);

  std::string Text() const;

 private:
  struct Series {
    std::uint64_t count = 0;
    double sum = 0;
    std::array<std::uint64_t, kBuckets.size()> buckets{};  // cumulative counts are made when written
  };
  mutable std::mutex mu_;
  std::map<std::pair<std::string, int>, Series> requests_;  // (endpoint, status)
  std::map<std::string, std::uint64_t> records_, fetches_;
  std::uint64_t bytes_in_ = 0, bytes_out_ = 0;
  std::int64_t in_flight_ = 0, connections_ = 0;
  std::size_t queued_ = 0;
};

}  // namespace pith::serve
