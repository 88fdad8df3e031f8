//===- RuntimeInputFuzzer.cpp - libFuzzer target for the runtime's readers ===//
//
// The runtime reads bytes it did not write itself: kernel metadata JSON
// (from the compiler or from a cache entry) and cache files in a directory
// other processes share. Both readers are the runtime's own (Json.cpp,
// DiskCache.cpp), kept free of LLVM and of any library the GPU machines
// lack, so they are fuzzed here (docs/fuzzing.md), built with libFuzzer,
// AddressSanitizer and UndefinedBehaviorSanitizer by utils/fuzz-runtime.sh.
//
// The first byte picks the reader; the rest is its input:
//   0  parseJson; whatever parses must print, re-parse, and print the same
//      text again, and parseKernelInfo must return (a value or an error);
//   1  decodeCacheFile on the raw bytes: an error or sections, never more;
//   2  the bytes cut into sections, encoded as a cache file: it must decode
//      to exactly those sections, and any one byte flipped must be refused.
//
//===----------------------------------------------------------------------===//
#include "Runtime/DiskCache.h"
#include "Runtime/Json.h"
#include "Runtime/KernelInfo.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace triton::runtime;

namespace {

[[noreturn]] void fail(const char *what, const std::string &detail) {
  std::fprintf(stderr, "runtime-input-fuzzer: %s\n%s\n", what, detail.c_str());
  std::abort();
}

void fuzzJson(const std::string &text) {
  Result<JsonValue> parsed = parseJson(text);
  if (parsed) {
    std::string once = parsed->print();
    Result<JsonValue> again = parseJson(once);
    if (!again)
      fail("printed JSON does not parse", once + "\n" + again.status().toString());
    if (again->print() != once)
      fail("printing is not stable", once + "\n" + again->print());
  } else if (parsed.status().message().find("malformed JSON") ==
             std::string::npos) {
    fail("a parse error without 'malformed JSON'", parsed.status().toString());
  }
  Result<KernelInfo> info = parseKernelInfo(text);
  if (info && (info->numWarps <= 0 || info->threadsPerWarp <= 0))
    fail("kernel metadata accepted with a non-positive count", text);
}

void fuzzCacheFile(const std::string &bytes) {
  Result<CacheSections> sections = decodeCacheFile(bytes, "kernel");
  (void)sections;
}

void fuzzCacheRoundTrip(const std::string &bytes) {
  // Sections: alternating names (no space or newline) and bodies, split at
  // byte 0xff.
  CacheSections sections;
  size_t start = 0;
  for (int index = 0; start <= bytes.size(); ++index) {
    size_t end = bytes.find('\xff', start);
    if (end == std::string::npos)
      end = bytes.size();
    std::string piece = bytes.substr(start, end - start);
    if (index % 2 == 0) {
      for (char &c : piece)
        if (c == ' ' || c == '\n')
          c = '_';
      if (piece.empty() || piece == "checksum")
        piece = "s";
      sections.push_back({piece, ""});
    } else {
      sections.back().second = piece;
    }
    start = end + 1;
  }
  std::string file = encodeCacheFile("kernel", sections);
  Result<CacheSections> decoded = decodeCacheFile(file, "kernel");
  if (!decoded)
    fail("an encoded cache file does not decode", decoded.status().toString());
  if (*decoded != sections)
    fail("a cache file decodes to other sections", file);
  // One flipped byte anywhere must be caught (header, lengths, bodies or
  // the checksum itself).
  size_t at = bytes.empty() ? 0 : (uint8_t(bytes[0]) * 7919u) % file.size();
  std::string flipped = file;
  flipped[at] = char(flipped[at] ^ 0x01);
  if (decodeCacheFile(flipped, "kernel"))
    fail("a cache file with a flipped byte was accepted", flipped);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0)
    return 0;
  std::string rest(reinterpret_cast<const char *>(data) + 1, size - 1);
  switch (data[0] % 3) {
  case 0:
    fuzzJson(rest);
    break;
  case 1:
    fuzzCacheFile(rest);
    break;
  default:
    fuzzCacheRoundTrip(rest);
    break;
  }
  return 0;
}
