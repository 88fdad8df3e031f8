//===- DiskCache.cpp - cubins and tuning choices on disk -------------------===//
#include "Runtime/DiskCache.h"

#include "Runtime/Sha256.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace triton::runtime;

namespace {

constexpr const char *kMagic = "TRITON-MLIR-CACHE 1 ";

Status corrupt(const std::string &why) {
  return Status(StatusCode::InvalidArgument, "corrupt cache file: " + why);
}

std::string systemError(const std::string &what, const std::string &path) {
  return what + " '" + path + "': " + std::strerror(errno);
}

/// mkdir -p.
Status createDirectories(const std::string &path) {
  if (path.empty())
    return Status::success();
  struct stat info;
  if (::stat(path.c_str(), &info) == 0) {
    if (S_ISDIR(info.st_mode))
      return Status::success();
    return Status(StatusCode::IoError, "'" + path + "' is not a directory");
  }
  size_t slash = path.find_last_of('/');
  if (slash != std::string::npos && slash > 0) {
    Status parent = createDirectories(path.substr(0, slash));
    if (!parent)
      return parent;
  }
  if (::mkdir(path.c_str(), 0755) != 0 && errno != EEXIST)
    return Status(StatusCode::IoError,
                  systemError("cannot create directory", path));
  return Status::success();
}

} // namespace

std::string triton::runtime::encodeCacheFile(const std::string &kind,
                                             const CacheSections &sections) {
  std::string bytes = kMagic + kind + "\n";
  for (const auto &[name, body] : sections) {
    bytes += name + " " + std::to_string(body.size()) + "\n";
    bytes += body;
    bytes += "\n";
  }
  bytes += "checksum " + sha256Hex(bytes) + "\n";
  return bytes;
}

Result<CacheSections>
triton::runtime::decodeCacheFile(const std::string &bytes,
                                 const std::string &kind) {
  std::string header = kMagic + kind + "\n";
  if (bytes.compare(0, header.size(), header) != 0)
    return corrupt("not a '" + kind + "' cache file (bad header)");
  size_t pos = header.size();
  CacheSections sections;
  while (true) {
    size_t lineEnd = bytes.find('\n', pos);
    if (lineEnd == std::string::npos)
      return corrupt("truncated (no checksum line)");
    std::string line = bytes.substr(pos, lineEnd - pos);
    size_t space = line.find(' ');
    if (space == std::string::npos)
      return corrupt("bad section header '" + line.substr(0, 40) + "'");
    std::string name = line.substr(0, space);
    std::string value = line.substr(space + 1);
    if (name == "checksum") {
      if (lineEnd + 1 != bytes.size())
        return corrupt("bytes after the checksum line");
      if (value != sha256Hex(std::string_view(bytes).substr(0, pos)))
        return corrupt("checksum mismatch");
      return sections;
    }
    if (value.empty() || value.size() > 12 ||
        value.find_first_not_of("0123456789") != std::string::npos)
      return corrupt("bad length in section '" + name + "'");
    size_t length = std::stoull(value);
    size_t bodyStart = lineEnd + 1;
    if (length > bytes.size() || bodyStart + length + 1 > bytes.size())
      return corrupt("truncated in section '" + name + "'");
    if (bytes[bodyStart + length] != '\n')
      return corrupt("section '" + name + "' does not end where its length says");
    sections.emplace_back(name, bytes.substr(bodyStart, length));
    pos = bodyStart + length + 1;
  }
}

DiskCache::DiskCache(std::string dir)
    : directory(dir.empty() ? getDefaultDirectory() : std::move(dir)) {
  while (directory.size() > 1 && directory.back() == '/')
    directory.pop_back();
}

std::string DiskCache::getDefaultDirectory() {
  if (const char *dir = std::getenv("TRITON_MLIR_CACHE_DIR"); dir && *dir)
    return dir;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return std::string(xdg) + "/triton-mlir";
  if (const char *home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.cache/triton-mlir";
  return "/tmp/triton-mlir-cache";
}

std::string DiskCache::getKernelPath(const std::string &kernelKey,
                                     const std::string &compilerVersion) const {
  return directory + "/kernels/" + kernelKey.substr(0, 2) + "/" + kernelKey +
         "/" + sha256Hex(compilerVersion).substr(0, 24) + ".entry";
}

std::string DiskCache::getTuningPath(const std::string &recordKey) const {
  return directory + "/tuning/" + recordKey + ".tune";
}

Result<std::string> DiskCache::readFile(const std::string &path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT)
      return Status(StatusCode::NotFound, "no file '" + path + "'");
    return Status(StatusCode::IoError, systemError("cannot open", path));
  }
  std::string bytes;
  char buffer[1 << 16];
  while (true) {
    ssize_t got = ::read(fd, buffer, sizeof(buffer));
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0) {
      Status error(StatusCode::IoError, systemError("cannot read", path));
      ::close(fd);
      return error;
    }
    if (got == 0)
      break;
    bytes.append(buffer, size_t(got));
  }
  ::close(fd);
  return bytes;
}

Status DiskCache::writeFileAtomically(const std::string &path,
                                      const std::string &bytes) {
  size_t slash = path.find_last_of('/');
  if (slash != std::string::npos) {
    Status made = createDirectories(path.substr(0, slash));
    if (!made)
      return made;
  }
  static std::atomic<unsigned> counter{0};
  std::string temp = path + ".tmp." + std::to_string(::getpid()) + "." +
                     std::to_string(counter++);
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0)
    return Status(StatusCode::IoError, systemError("cannot create", temp));
  size_t written = 0;
  while (written < bytes.size()) {
    ssize_t put = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (put < 0 && errno == EINTR)
      continue;
    if (put <= 0) {
      Status error(StatusCode::IoError, systemError("cannot write", temp));
      ::close(fd);
      ::unlink(temp.c_str());
      return error;
    }
    written += size_t(put);
  }
  if (::close(fd) != 0) {
    Status error(StatusCode::IoError, systemError("cannot write", temp));
    ::unlink(temp.c_str());
    return error;
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    Status error(StatusCode::IoError, systemError("cannot rename to", path));
    ::unlink(temp.c_str());
    return error;
  }
  return Status::success();
}

Result<CacheSections> DiskCache::loadChecked(const std::string &path,
                                             const std::string &kind) {
  Result<std::string> bytes = readFile(path);
  if (!bytes)
    return bytes.status();
  Result<CacheSections> sections = decodeCacheFile(*bytes, kind);
  if (sections)
    return sections;
  // Never load it; remove it so the next store rebuilds it. A concurrent
  // writer's rename may already have replaced it with a good file, which
  // this unlink then loses: that costs one rebuild, never a bad load.
  ::unlink(path.c_str());
  return Status(StatusCode::NotFound,
                sections.status().message() + " ('" + path + "', removed)");
}

Result<KernelCacheEntry>
DiskCache::loadKernel(const std::string &kernelKey,
                      const std::string &compilerVersion) {
  std::vector<std::string> candidates;
  if (!compilerVersion.empty()) {
    candidates.push_back(getKernelPath(kernelKey, compilerVersion));
  } else {
    // Cache-only: every entry of the kernel key, newest first.
    std::string dir = directory + "/kernels/" + kernelKey.substr(0, 2) + "/" +
                      kernelKey;
    std::vector<std::pair<long long, std::string>> found;
    if (DIR *handle = ::opendir(dir.c_str())) {
      while (dirent *item = ::readdir(handle)) {
        std::string name = item->d_name;
        if (name.size() < 6 || name.compare(name.size() - 6, 6, ".entry") != 0)
          continue;
        struct stat info;
        std::string path = dir + "/" + name;
        if (::stat(path.c_str(), &info) == 0)
          found.emplace_back(-(long long)info.st_mtime, path);
      }
      ::closedir(handle);
    }
    std::sort(found.begin(), found.end());
    for (auto &item : found)
      candidates.push_back(item.second);
  }
  Status last(StatusCode::NotFound,
              "kernel " + kernelKey.substr(0, 16) + " is not in the cache '" +
                  directory + "'");
  for (const std::string &path : candidates) {
    Result<CacheSections> sections = loadChecked(path, "kernel");
    if (!sections) {
      if (sections.status().getCode() != StatusCode::NotFound ||
          sections.status().message().find("corrupt") != std::string::npos)
        last = sections.status();
      continue;
    }
    KernelCacheEntry entry;
    bool haveCubin = false, haveMetadata = false;
    for (auto &[name, body] : *sections) {
      if (name == "compiler")
        entry.compilerVersion = body;
      else if (name == "metadata")
        haveMetadata = true, entry.metadataJson = body;
      else if (name == "cubin")
        haveCubin = true, entry.cubin = body;
    }
    if (!haveCubin || !haveMetadata) {
      ::unlink(path.c_str());
      last = Status(StatusCode::NotFound,
                    "corrupt cache file: no cubin or metadata ('" + path +
                        "', removed)");
      continue;
    }
    return entry;
  }
  return last;
}

Status DiskCache::storeKernel(const std::string &kernelKey,
                              const KernelCacheEntry &entry) {
  std::string bytes = encodeCacheFile(
      "kernel", {{"compiler", entry.compilerVersion},
                 {"metadata", entry.metadataJson},
                 {"cubin", entry.cubin}});
  return writeFileAtomically(getKernelPath(kernelKey, entry.compilerVersion),
                             bytes);
}

Result<CacheSections> DiskCache::loadTuning(const std::string &recordKey) {
  return loadChecked(getTuningPath(recordKey), "tuning");
}

Status DiskCache::storeTuning(const std::string &recordKey,
                              const CacheSections &sections) {
  return writeFileAtomically(getTuningPath(recordKey),
                             encodeCacheFile("tuning", sections));
}
