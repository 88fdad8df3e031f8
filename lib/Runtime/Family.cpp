//===- Family.cpp - building variants, signature checks, tuning keys ------===//
#include "FamilyImpl.h"

#include "Runtime/Sha256.h"

#include <algorithm>

using namespace triton::runtime;

FamilyImpl::FamilyImpl(FamilySpec familySpec, const Runtime::Impl &runtime)
    : spec(std::move(familySpec)), cache(runtime.cache),
      compiler(runtime.compiler), compilerVersion(runtime.compilerVersion),
      computeCapability(runtime.computeCapability) {
  Sha256 hash;
  hash.addField("triton-mlir runtime family v1");
  variants.resize(spec.variants.size());
  for (size_t i = 0; i < variants.size(); ++i) {
    variants[i].source = spec.variants[i].source;
    variants[i].kernelKey =
        getKernelKey(variants[i].source, spec.variants[i], computeCapability);
    hash.addField(variants[i].kernelKey);
  }
  for (const std::string &name : spec.key)
    hash.addField("key=" + name);
  familyKey = hash.finishHex();
  pending = variants.size();
}

void FamilyImpl::buildVariant(size_t index) {
  VariantState &variant = variants[index];
  const Variant &config = spec.variants[index];
  Status status;
  KernelCacheEntry entry;
  bool fromCache = false, corrupt = false;
  if (cache) {
    Result<KernelCacheEntry> cached =
        cache->loadKernel(variant.kernelKey, compilerVersion);
    if (cached) {
      entry = cached.take();
      fromCache = true;
    } else {
      corrupt = cached.status().message().find("corrupt") != std::string::npos;
      status = cached.status();
    }
  }
  if (!fromCache) {
    if (!compiler) {
      status = Status(StatusCode::NotFound,
                      "variant '" + config.label +
                          "' is not in the cache and no compiler is "
                          "installed (cache-only mode): " +
                          status.message());
    } else {
      CompileJob job;
      job.source = variant.source;
      job.sourceName =
          config.sourcePath.empty() ? spec.name + ":" + config.label
                                    : config.sourcePath;
      job.numWarps = config.numWarps;
      job.numStages = config.numStages;
      job.numCtas = config.numCtas;
      job.computeCapability = computeCapability;
      Result<CompiledBinary> binary = compiler->compile(job);
      if (binary) {
        entry.compilerVersion = compilerVersion;
        entry.metadataJson = binary->metadataJson;
        entry.cubin = binary->cubin;
        status = Status::success();
      } else {
        status = Status(StatusCode::CompileError,
                        "variant '" + config.label + "' does not compile: " +
                            binary.status().message());
      }
    }
  }
  KernelInfo info;
  if (status) {
    Result<KernelInfo> parsed = parseKernelInfo(entry.metadataJson);
    if (parsed)
      info = parsed.take();
    else
      status = Status(parsed.status()).addContext("variant '" + config.label + "'");
  }
  if (status && entry.cubin.empty())
    status = Status(StatusCode::CompileError,
                    "variant '" + config.label + "' has an empty cubin");
  // Only a good fresh build is stored; a failed store costs a rebuild in
  // the next process, never this launch.
  if (status && !fromCache && cache)
    noteCacheWrite(cache->storeKernel(variant.kernelKey, entry));

  std::lock_guard<std::mutex> lock(mutex);
  variant.status = status;
  if (status) {
    variant.info = std::move(info);
    variant.cubin = std::move(entry.cubin);
    fromCache ? ++stats.cacheHits : ++stats.compiled;
  } else {
    ++stats.failed;
  }
  if (corrupt)
    ++stats.corruptEntries;
  variant.done = true;
  if (--pending == 0)
    ready = true;
  variantDone.notify_all();
}

bool FamilyImpl::isReady() const { return ready; }

Status FamilyImpl::checkVariants() {
  int reference = -1;
  std::string failures;
  for (size_t i = 0; i < variants.size(); ++i) {
    if (!variants[i].status) {
      failures += "\n  " + variants[i].status.toString();
      continue;
    }
    if (reference < 0) {
      reference = int(i);
      continue;
    }
    const KernelInfo &first = variants[reference].info;
    const KernelInfo &other = variants[i].info;
    bool same = first.params.size() == other.params.size();
    for (size_t p = 0; same && p < first.params.size(); ++p)
      same = first.params[p].type == other.params[p].type;
    if (!same)
      return Status(StatusCode::InvalidArgument,
                    "family '" + spec.name + "': variants '" +
                        spec.variants[reference].label + "' and '" +
                        spec.variants[i].label +
                        "' have different signatures");
  }
  if (reference < 0)
    return Status(StatusCode::NotFound,
                  "family '" + spec.name + "': no variant is usable:" +
                      failures);
  signature = variants[reference].info.params;
  auto findParam = [&](const std::string &name) {
    for (size_t p = 0; p < signature.size(); ++p)
      if (signature[p].name == name)
        return int(p);
    return -1;
  };
  for (const std::string &name : spec.key) {
    int index = findParam(name);
    if (index < 0)
      return Status(StatusCode::InvalidArgument,
                    "family '" + spec.name + "': tuning key '" + name +
                        "' is not a parameter of the kernel");
    keyParams.push_back(index);
  }
  for (const std::string &name : spec.writes) {
    int index = findParam(name);
    if (index < 0 ||
        !(signature[index].isPointer() || signature[index].isTensorDesc()))
      return Status(StatusCode::InvalidArgument,
                    "family '" + spec.name + "': written argument '" + name +
                        "' is not a pointer or descriptor parameter of the "
                        "kernel");
    writeParams.push_back(index);
  }
  for (size_t p = 0; p < signature.size(); ++p) {
    int64_t largest = 1;
    for (const VariantState &variant : variants)
      if (variant.status)
        largest = std::max(largest, variant.info.params[p].divisibility);
    if (largest > 1) {
      specializedParams.push_back(int(p));
      specializedLimits.push_back(largest);
    }
  }
  for (const KernelParamInfo &param : signature) {
    int kind = param.isPointer()      ? int(Arg::Kind::Pointer)
               : param.isTensorDesc() ? int(Arg::Kind::TensorDesc)
                                      : -1;
    for (int k = int(Arg::Kind::I1); kind < 0 && k <= int(Arg::Kind::F64); ++k)
      if (param.type == Arg::fromRaw(Arg::Kind(k), 0, 0).getTypeName())
        kind = k;
    expectedKinds.push_back(kind);
  }
  keyWordCount = keyParams.size() + specializedParams.size();
  return Status::success();
}

Status FamilyImpl::wait() {
  if (checkedFlag.load(std::memory_order_acquire))
    return checkStatus;
  std::unique_lock<std::mutex> lock(mutex);
  variantDone.wait(lock, [this] { return pending == 0; });
  if (!checked) {
    checkStatus = checkVariants();
    if (checkStatus)
      launchCache = std::make_unique<LaunchCache>(keyWordCount);
    checked = true;
    checkedFlag.store(true, std::memory_order_release);
  }
  return checkStatus;
}

std::vector<Status> FamilyImpl::getVariantStatuses() {
  (void)wait();
  std::lock_guard<std::mutex> lock(mutex);
  std::vector<Status> statuses;
  for (const VariantState &variant : variants)
    statuses.push_back(variant.status);
  return statuses;
}

Result<KernelInfo> FamilyImpl::getKernelInfo(size_t index) {
  (void)wait();
  if (index >= variants.size())
    return Status(StatusCode::InvalidArgument,
                  "family '" + spec.name + "' has no variant " +
                      std::to_string(index));
  if (!variants[index].status)
    return variants[index].status;
  return variants[index].info;
}

bool FamilyImpl::argsMatch(const std::vector<Arg> &args) const {
  if (args.size() != expectedKinds.size())
    return false;
  for (size_t i = 0; i < args.size(); ++i)
    if (int(args[i].getKind()) != expectedKinds[i] &&
        // A descriptor passes its base where the kernel (built without
        // TMA) takes a pointer.
        !(args[i].isTensorDesc() && expectedKinds[i] == int(Arg::Kind::Pointer)))
      return false;
  return true;
}

/// The divisibility class of `bits` for a parameter some variant wants
/// divisible by `limit`: see getTuningKey.
static uint64_t getDivisibilityClass(uint64_t bits, int64_t limit) {
  uint64_t power = bits == 0 ? uint64_t(limit) : (bits & (~bits + 1));
  return std::min(power, uint64_t(limit));
}

void FamilyImpl::fillKeyWords(const std::vector<Arg> &args,
                              uint64_t *words) const {
  size_t at = 0;
  // The kinds are the signature's, so the bits alone tell values apart.
  for (int index : keyParams)
    words[at++] = args[index].getBits();
  for (size_t i = 0; i < specializedParams.size(); ++i)
    words[at++] = getDivisibilityClass(args[specializedParams[i]].getBits(),
                                       specializedLimits[i]);
}

Result<std::string> FamilyImpl::getTuningKey(const std::vector<Arg> &args) {
  Status loaded = wait();
  if (!loaded)
    return loaded;
  if (!argsMatch(args)) {
    Status valid = checkArgs(signature, args);
    if (!valid)
      return valid.addContext("family '" + spec.name + "'");
  }
  std::string key;
  for (int index : keyParams)
    key += signature[index].name + "=" + args[index].toString() + ";";
  // Which specializations the arguments allow picks the candidates.
  // tt.divisibility values are powers of two, so the power of two dividing
  // an argument, capped at the largest divisor any variant asks for, tells
  // exactly which variants accept it.
  key += "div=";
  for (size_t i = 0; i < specializedParams.size(); ++i)
    key += std::to_string(getDivisibilityClass(
               args[specializedParams[i]].getBits(), specializedLimits[i])) +
           ",";
  return key;
}

Status FamilyImpl::getCacheStatus() const {
  std::lock_guard<std::mutex> lock(mutex);
  return cacheStatus;
}

void FamilyImpl::noteCacheWrite(Status written) {
  if (written)
    return;
  std::lock_guard<std::mutex> lock(mutex);
  ++stats.cacheWriteFailures;
  cacheStatus = std::move(written).addContext("family '" + spec.name +
                                               "': disk cache");
}

FamilyStats FamilyImpl::getStats() const {
  std::lock_guard<std::mutex> lock(mutex);
  FamilyStats copy = stats;
  copy.launches = launches;
  return copy;
}

std::string FamilyImpl::getRecordKey(const ContextState &context,
                                     const std::string &tuningKey) const {
  Sha256 hash;
  hash.addField("triton-mlir runtime tuning v1");
  hash.addField(familyKey);
  hash.addField(tuningKey);
  hash.addField(context.device);
  return hash.finishHex();
}
