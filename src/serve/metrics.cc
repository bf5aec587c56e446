// Prometheus text format for `pith serve` (see metrics.h).
#include "serve/metrics.h"

#include <cstdio>

namespace pith::serve {
namespace {

// A label value in Prometheus' escaping (backslash, double quote, newline).
std::string Label(std::string_view v) {
  std::string out;
  for (char c : v) {
    if (c == '\\' || c == '"') out.push_back('\\');
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out.push_back(c);
  }
  return out;
}

std::string Number(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

}  // namespace

void Metrics::Request(std::string_view endpoint, int status, double seconds, std::uint64_t bytes_in,
                      std::uint64_t bytes_out) {
  std::lock_guard lock(mu_);
  Series& s = requests_[{std::string(endpoint), status}];
  ++s.count;
  s.sum += seconds;
  for (std::size_t i = 0; i < kBuckets.size(); ++i) {
    if (seconds <= kBuckets[i]) {
      ++s.buckets[i];
      break;
    }
  }
  bytes_in_ += bytes_in;
  bytes_out_ += bytes_out;
}

void Metrics::Record(std::string_view category) {
  std::lock_guard lock(mu_);
  ++records_[std::string(category)];
}

void Metrics::Fetch(std::string_view result) {
  std::lock_guard lock(mu_);
  ++fetches_[std::string(result)];
}

void Metrics::SetGauges(int connections, int in_flight, std::size_t queued) {
  std::lock_guard lock(mu_);
  connections_ = connections;
  in_flight_ = in_flight;
  queued_ = queued;
}

std::string Metrics::Text() const {
  std::lock_guard lock(mu_);
  std::string out;
  out += "# HELP pith_requests_total HTTP requests answered, by endpoint and status.\n";
  out += "# TYPE pith_requests_total counter\n";
  for (const auto& [key, s] : requests_) {
    out += "pith_requests_total{endpoint=\"" + Label(key.first) + "\",status=\"" + std::to_string(key.second) +
           "\"} " + std::to_string(s.count) + "\n";
  }
  out += "# HELP pith_request_duration_seconds Time from a request's header to the end of its response.\n";
  out += "# TYPE pith_request_duration_seconds histogram\n";
  for (const auto& [key, s] : requests_) {
    const std::string labels = "endpoint=\"" + Label(key.first) + "\",status=\"" + std::to_string(key.second) + "\"";
    std::uint64_t cumulative = 0;
    for (std::size_t i = 0; i < kBuckets.size(); ++i) {
      cumulative += s.buckets[i];
      out += "pith_request_duration_seconds_bucket{" + labels + ",le=\"" + Number(kBuckets[i]) + "\"} " +
             std::to_string(cumulative) + "\n";
    }
    out += "pith_request_duration_seconds_bucket{" + labels + ",le=\"+Inf\"} " + std::to_string(s.count) + "\n";
    out += "pith_request_duration_seconds_sum{" + labels + "} " + Number(s.sum) + "\n";
    out += "pith_request_duration_seconds_count{" + labels + "} " + std::to_string(s.count) + "\n";
  }
  out += "# HELP pith_request_bytes_total Request bytes received (bodies as sent, before inflating).\n";
  out += "# TYPE pith_request_bytes_total counter\n";
  out += "pith_request_bytes_total " + std::to_string(bytes_in_) + "\n";
  out += "# HELP pith_response_bytes_total Response body bytes sent.\n";
  out += "# TYPE pith_response_bytes_total counter\n";
  out += "pith_response_bytes_total " + std::to_string(bytes_out_) + "\n";
  out += "# HELP pith_records_total Extraction records made, by result (ok, no_content or the error kind).\n";
  out += "# TYPE pith_records_total counter\n";
  for (const auto& [kind, n] : records_) {
    out += "pith_records_total{result=\"" + Label(kind) + "\"} " + std::to_string(n) + "\n";
  }
  out += "# HELP pith_fetches_total Pages fetched for a request, by result (ok or the fetch error kind).\n";
  out += "# TYPE pith_fetches_total counter\n";
  for (const auto& [kind, n] : fetches_) {
    out += "pith_fetches_total{result=\"" + Label(kind) + "\"} " + std::to_string(n) + "\n";
  }
  out += "# HELP pith_requests_in_flight Requests being read, worked on or answered.\n";
  out += "# TYPE pith_requests_in_flight gauge\n";
  out += "pith_requests_in_flight " + std::to_string(in_flight_) + "\n";
  out += "# HELP pith_queue_length Extraction jobs waiting for a worker.\n";
  out += "# TYPE pith_queue_length gauge\n";
  out += "pith_queue_length " + std::to_string(queued_) + "\n";
  out += "# HELP pith_connections Open client connections.\n";
  out += "# TYPE pith_connections gauge\n";
  out += "pith_connections " + std::to_string(connections_) + "\n";
  return out;
}

}  // namespace pith::serve
