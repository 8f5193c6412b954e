//! HIP 5.2's error codes (`hipError_t`, /usr/include/hip/hip_runtime_api.h): the values the
//! runtime returns and the names `hipGetErrorName` gives (the first name of each value, as the
//! header lists them). Generated once from the header; facts, not code to edit by hand.

pub type HipError = i32;

#[allow(non_upper_case_globals, dead_code)]
pub const hipSuccess: HipError = 0;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorInvalidValue: HipError = 1;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorOutOfMemory: HipError = 2;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorMemoryAllocation: HipError = 2;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorNotInitialized: HipError = 3;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorInitializationError: HipError = 3;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorDeinitialized: HipError = 4;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorProfilerDisabled: HipError = 5;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorProfilerNotInitialized: HipError = 6;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorProfilerAlreadyStarted: HipError = 7;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorProfilerAlreadyStopped: HipError = 8;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorInvalidConfiguration: HipError = 9;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorInvalidPitchValue: HipError = 12;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorInvalidSymbol: HipError = 13;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorInvalidDevicePointer: HipError = 17;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorInvalidMemcpyDirection: HipError = 21;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorInsufficientDriver: HipError = 35;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorMissingConfiguration: HipError = 52;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorPriorLaunchFailure: HipError = 53;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorInvalidDeviceFunction: HipError = 98;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorNoDevice: HipError = 100;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorInvalidDevice: HipError = 101;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorInvalidImage: HipError = 200;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorInvalidContext: HipError = 201;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorContextAlreadyCurrent: HipError = 202;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorMapFailed: HipError = 205;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorMapBufferObjectFailed: HipError = 205;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorUnmapFailed: HipError = 206;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorArrayIsMapped: HipError = 207;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorAlreadyMapped: HipError = 208;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorNoBinaryForGpu: HipError = 209;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorAlreadyAcquired: HipError = 210;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorNotMapped: HipError = 211;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorNotMappedAsArray: HipError = 212;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorNotMappedAsPointer: HipError = 213;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorECCNotCorrectable: HipError = 214;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorUnsupportedLimit: HipError = 215;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorContextAlreadyInUse: HipError = 216;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorPeerAccessUnsupported: HipError = 217;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorInvalidKernelFile: HipError = 218;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorInvalidGraphicsContext: HipError = 219;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorInvalidSource: HipError = 300;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorFileNotFound: HipError = 301;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorSharedObjectSymbolNotFound: HipError = 302;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorSharedObjectInitFailed: HipError = 303;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorOperatingSystem: HipError = 304;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorInvalidHandle: HipError = 400;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorInvalidResourceHandle: HipError = 400;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorIllegalState: HipError = 401;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorNotFound: HipError = 500;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorNotReady: HipError = 600;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorIllegalAddress: HipError = 700;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorLaunchOutOfResources: HipError = 701;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorLaunchTimeOut: HipError = 702;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorPeerAccessAlreadyEnabled: HipError = 704;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorPeerAccessNotEnabled: HipError = 705;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorSetOnActiveProcess: HipError = 708;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorContextIsDestroyed: HipError = 709;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorAssert: HipError = 710;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorHostMemoryAlreadyRegistered: HipError = 712;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorHostMemoryNotRegistered: HipError = 713;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorLaunchFailure: HipError = 719;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorCooperativeLaunchTooLarge: HipError = 720;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorNotSupported: HipError = 801;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorStreamCaptureUnsupported: HipError = 900;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorStreamCaptureInvalidated: HipError = 901;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorStreamCaptureMerge: HipError = 902;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorStreamCaptureUnmatched: HipError = 903;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorStreamCaptureUnjoined: HipError = 904;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorStreamCaptureIsolation: HipError = 905;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorStreamCaptureImplicit: HipError = 906;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorCapturedEvent: HipError = 907;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorStreamCaptureWrongThread: HipError = 908;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorGraphExecUpdateFailure: HipError = 910;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorUnknown: HipError = 999;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorRuntimeMemory: HipError = 1052;
#[allow(non_upper_case_globals, dead_code)]
pub const hipErrorRuntimeOther: HipError = 1053;

/// (value, name) of every code.
pub const NAMES: &[(HipError, &str)] = &[
    (0, "hipSuccess"),
    (1, "hipErrorInvalidValue"),
    (2, "hipErrorOutOfMemory"),
    (3, "hipErrorNotInitialized"),
    (4, "hipErrorDeinitialized"),
    (5, "hipErrorProfilerDisabled"),
    (6, "hipErrorProfilerNotInitialized"),
    (7, "hipErrorProfilerAlreadyStarted"),
    (8, "hipErrorProfilerAlreadyStopped"),
    (9, "hipErrorInvalidConfiguration"),
    (12, "hipErrorInvalidPitchValue"),
    (13, "hipErrorInvalidSymbol"),
    (17, "hipErrorInvalidDevicePointer"),
    (21, "hipErrorInvalidMemcpyDirection"),
    (35, "hipErrorInsufficientDriver"),
    (52, "hipErrorMissingConfiguration"),
    (53, "hipErrorPriorLaunchFailure"),
    (98, "hipErrorInvalidDeviceFunction"),
    (100, "hipErrorNoDevice"),
    (101, "hipErrorInvalidDevice"),
    (200, "hipErrorInvalidImage"),
    (201, "hipErrorInvalidContext"),
    (202, "hipErrorContextAlreadyCurrent"),
    (205, "hipErrorMapFailed"),
    (206, "hipErrorUnmapFailed"),
    (207, "hipErrorArrayIsMapped"),
    (208, "hipErrorAlreadyMapped"),
    (209, "hipErrorNoBinaryForGpu"),
    (210, "hipErrorAlreadyAcquired"),
    (211, "hipErrorNotMapped"),
    (212, "hipErrorNotMappedAsArray"),
    (213, "hipErrorNotMappedAsPointer"),
    (214, "hipErrorECCNotCorrectable"),
    (215, "hipErrorUnsupportedLimit"),
    (216, "hipErrorContextAlreadyInUse"),
    (217, "hipErrorPeerAccessUnsupported"),
    (218, "hipErrorInvalidKernelFile"),
    (219, "hipErrorInvalidGraphicsContext"),
    (300, "hipErrorInvalidSource"),
    (301, "hipErrorFileNotFound"),
    (302, "hipErrorSharedObjectSymbolNotFound"),
    (303, "hipErrorSharedObjectInitFailed"),
    (304, "hipErrorOperatingSystem"),
    (400, "hipErrorInvalidHandle"),
    (401, "hipErrorIllegalState"),
    (500, "hipErrorNotFound"),
    (600, "hipErrorNotReady"),
    (700, "hipErrorIllegalAddress"),
    (701, "hipErrorLaunchOutOfResources"),
    (702, "hipErrorLaunchTimeOut"),
    (704, "hipErrorPeerAccessAlreadyEnabled"),
    (705, "hipErrorPeerAccessNotEnabled"),
    (708, "hipErrorSetOnActiveProcess"),
    (709, "hipErrorContextIsDestroyed"),
    (710, "hipErrorAssert"),
    (712, "hipErrorHostMemoryAlreadyRegistered"),
    (713, "hipErrorHostMemoryNotRegistered"),
    (719, "hipErrorLaunchFailure"),
    (720, "hipErrorCooperativeLaunchTooLarge"),
    (801, "hipErrorNotSupported"),
    (900, "hipErrorStreamCaptureUnsupported"),
    (901, "hipErrorStreamCaptureInvalidated"),
    (902, "hipErrorStreamCaptureMerge"),
    (903, "hipErrorStreamCaptureUnmatched"),
    (904, "hipErrorStreamCaptureUnjoined"),
    (905, "hipErrorStreamCaptureIsolation"),
    (906, "hipErrorStreamCaptureImplicit"),
    (907, "hipErrorCapturedEvent"),
    (908, "hipErrorStreamCaptureWrongThread"),
    (910, "hipErrorGraphExecUpdateFailure"),
    (999, "hipErrorUnknown"),
    (1052, "hipErrorRuntimeMemory"),
    (1053, "hipErrorRuntimeOther"),
    (1054, "hipErrorTbd"),
];
