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

void Head(std::string& out, const char* name, const char* type, const char* help) {
  out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " " + type + "\n";
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
  Head(out, "pith_requests_total", "counter", "HTTP requests answered, by endpoint and status.");
  for (const auto& [key, s] : requests_) {
    out += "pith_requests_total{endpoint=\"" + Label(key.first) + "\",status=\"" + std::to_string(key.second) +
           "\"} " + std::to_string(s.count) + "\n";
  }
  Head(out, "pith_request_duration_seconds", "histogram", "Time from a request's header to the end of its response.");
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
  const auto single = [&out](const char* name, const char* type, const char* help, const std::string& value) {
    Head(out, name, type, help);
    out += std::string(name) + " " + value + "\n";
  };
  const auto by_result = [&out](const char* name, const char* help, const std::map<std::string, std::uint64_t>& m) {
    Head(out, name, "counter", help);
    for (const auto& [kind, n] : m) out += std::string(name) + "{result=\"" + Label(kind) + "\"} " + std::to_string(n) + "\n";
  };
  single("pith_request_bytes_total", "counter", "Request bytes received (bodies as sent, before inflating).",
         std::to_string(bytes_in_));
  single("pith_response_bytes_total", "counter", "Response body bytes sent.", std::to_string(bytes_out_));
  by_result("pith_records_total", "Extraction records made, by result (ok, no_content or the error kind).", records_);
  by_result("pith_fetches_total", "Pages fetched for a request, by result (ok or the fetch error kind).", fetches_);
  single("pith_requests_in_flight", "gauge", "Requests being read, worked on or answered.", std::to_string(in_flight_));
  single("pith_queue_length", "gauge", "Extraction jobs waiting for a worker.", std::to_string(queued_));
  single("pith_connections", "gauge", "Open client connections.", std::to_string(connections_));
  return out;
}

}  // namespace pith::serve
