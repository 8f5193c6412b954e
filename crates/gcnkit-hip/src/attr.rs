//! `hipDeviceAttribute_t` of HIP 5.2 (/usr/include/hip/hip_runtime_api.h): each attribute's
//! value, generated once from the header (the enum counts on from its `...Begin` markers, so the
//! numbers are not in the header's text).

#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeCudaCompatibleBegin: i32 = 0;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeEccEnabled: i32 = 0;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeAccessPolicyMaxWindowSize: i32 = 1;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeAsyncEngineCount: i32 = 2;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeCanMapHostMemory: i32 = 3;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeCanUseHostPointerForRegisteredMem: i32 = 4;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeClockRate: i32 = 5;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeComputeMode: i32 = 6;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeComputePreemptionSupported: i32 = 7;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeConcurrentKernels: i32 = 8;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeConcurrentManagedAccess: i32 = 9;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeCooperativeLaunch: i32 = 10;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeCooperativeMultiDeviceLaunch: i32 = 11;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeDeviceOverlap: i32 = 12;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeDirectManagedMemAccessFromHost: i32 = 13;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeGlobalL1CacheSupported: i32 = 14;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeHostNativeAtomicSupported: i32 = 15;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeIntegrated: i32 = 16;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeIsMultiGpuBoard: i32 = 17;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeKernelExecTimeout: i32 = 18;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeL2CacheSize: i32 = 19;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeLocalL1CacheSupported: i32 = 20;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeLuid: i32 = 21;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeLuidDeviceNodeMask: i32 = 22;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeComputeCapabilityMajor: i32 = 23;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeManagedMemory: i32 = 24;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxBlocksPerMultiProcessor: i32 = 25;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxBlockDimX: i32 = 26;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxBlockDimY: i32 = 27;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxBlockDimZ: i32 = 28;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxGridDimX: i32 = 29;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxGridDimY: i32 = 30;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxGridDimZ: i32 = 31;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxSurface1D: i32 = 32;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxSurface1DLayered: i32 = 33;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxSurface2D: i32 = 34;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxSurface2DLayered: i32 = 35;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxSurface3D: i32 = 36;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxSurfaceCubemap: i32 = 37;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxSurfaceCubemapLayered: i32 = 38;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxTexture1DWidth: i32 = 39;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxTexture1DLayered: i32 = 40;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxTexture1DLinear: i32 = 41;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxTexture1DMipmap: i32 = 42;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxTexture2DWidth: i32 = 43;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxTexture2DHeight: i32 = 44;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxTexture2DGather: i32 = 45;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxTexture2DLayered: i32 = 46;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxTexture2DLinear: i32 = 47;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxTexture2DMipmap: i32 = 48;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxTexture3DWidth: i32 = 49;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxTexture3DHeight: i32 = 50;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxTexture3DDepth: i32 = 51;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxTexture3DAlt: i32 = 52;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxTextureCubemap: i32 = 53;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxTextureCubemapLayered: i32 = 54;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxThreadsDim: i32 = 55;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxThreadsPerBlock: i32 = 56;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxThreadsPerMultiProcessor: i32 = 57;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxPitch: i32 = 58;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMemoryBusWidth: i32 = 59;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMemoryClockRate: i32 = 60;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeComputeCapabilityMinor: i32 = 61;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMultiGpuBoardGroupID: i32 = 62;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMultiprocessorCount: i32 = 63;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeName: i32 = 64;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributePageableMemoryAccess: i32 = 65;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributePageableMemoryAccessUsesHostPageTables: i32 = 66;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributePciBusId: i32 = 67;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributePciDeviceId: i32 = 68;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributePciDomainID: i32 = 69;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributePersistingL2CacheMaxSize: i32 = 70;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxRegistersPerBlock: i32 = 71;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxRegistersPerMultiprocessor: i32 = 72;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeReservedSharedMemPerBlock: i32 = 73;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxSharedMemoryPerBlock: i32 = 74;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeSharedMemPerBlockOptin: i32 = 75;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeSharedMemPerMultiprocessor: i32 = 76;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeSingleToDoublePrecisionPerfRatio: i32 = 77;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeStreamPrioritiesSupported: i32 = 78;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeSurfaceAlignment: i32 = 79;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeTccDriver: i32 = 80;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeTextureAlignment: i32 = 81;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeTexturePitchAlignment: i32 = 82;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeTotalConstantMemory: i32 = 83;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeTotalGlobalMem: i32 = 84;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeUnifiedAddressing: i32 = 85;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeUuid: i32 = 86;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeWarpSize: i32 = 87;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMemoryPoolsSupported: i32 = 88;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeCudaCompatibleEnd: i32 = 9999;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeAmdSpecificBegin: i32 = 10000;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeClockInstructionRate: i32 = 10000;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeArch: i32 = 10001;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeMaxSharedMemoryPerMultiprocessor: i32 = 10002;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeGcnArch: i32 = 10003;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeGcnArchName: i32 = 10004;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeHdpMemFlushCntl: i32 = 10005;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeHdpRegFlushCntl: i32 = 10006;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc: i32 = 10007;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim: i32 = 10008;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim: i32 = 10009;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem: i32 = 10010;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeIsLargeBar: i32 = 10011;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeAsicRevision: i32 = 10012;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeCanUseStreamWaitValue: i32 = 10013;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeImageSupport: i32 = 10014;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributePhysicalMultiProcessorCount: i32 = 10015;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeFineGrainSupport: i32 = 10016;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeAmdSpecificEnd: i32 = 19999;
#[allow(non_upper_case_globals, dead_code)]
pub const hipDeviceAttributeVendorSpecificBegin: i32 = 20000;
