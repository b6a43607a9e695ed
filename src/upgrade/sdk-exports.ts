/**
 * Where the names of `@modelcontextprotocol/sdk` 1.x went in the split 2.x packages that 0.12
 * depends on: each 1.x module a server imports, the 2.x entry that now has its names, and the names
 * of that module that the 2.x entry still exports (read off the real 1.30 and 2.4 declarations;
 * tests/unit/upgrade-sdk-exports.test.ts checks them against the installed packages). A name not
 * listed is gone or renamed, and the import is refused rather than pointed at nothing.
 */

const words = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

/** 2.x entry → the 1.x names it exports. */
export const SPLIT_SDK_EXPORTS: Record<string, Set<string>> = {
  '@modelcontextprotocol/server': words(`
    Annotations AnyToolHandler AudioContent BaseMetadata BaseToolCallback BlobResourceContents
    BooleanSchema CallToolRequest CallToolRequestParams CallToolResult CancelTaskRequest
    CancelTaskResult CancelledNotification CancelledNotificationParams ClientCapabilities
    ClientNotification ClientRequest ClientResult CompatibilityCallToolResult CompleteRequest
    CompleteRequestParams CompleteRequestPrompt CompleteRequestResourceTemplate
    CompleteResourceTemplateCallback CompleteResult ContentBlock CreateMessageRequest
    CreateMessageRequestParams CreateMessageRequestParamsBase CreateMessageRequestParamsWithTools
    CreateMessageResult CreateMessageResultWithTools CreateTaskResult Cursor
    DEFAULT_NEGOTIATED_PROTOCOL_VERSION ElicitRequest ElicitRequestFormParams ElicitRequestParams
    ElicitRequestURLParams ElicitResult ElicitationCompleteNotification
    ElicitationCompleteNotificationParams EmbeddedResource EmptyResult EnumSchema GetPromptRequest
    GetPromptRequestParams GetPromptResult GetTaskPayloadRequest GetTaskPayloadResult GetTaskRequest
    GetTaskResult Icon Icons ImageContent Implementation InitializeRequest InitializeRequestParams
    InitializeResult InitializedNotification JSONRPCErrorResponse JSONRPCMessage JSONRPCNotification
    JSONRPCRequest JSONRPCResponse JSONRPCResultResponse JSONRPC_VERSION LATEST_PROTOCOL_VERSION
    LegacyTitledEnumSchema ListChangedCallback ListChangedHandlers ListChangedOptions
    ListPromptsRequest ListPromptsResult ListResourceTemplatesRequest ListResourceTemplatesResult
    ListResourcesCallback ListResourcesRequest ListResourcesResult ListRootsRequest ListRootsResult
    ListTasksRequest ListTasksResult ListToolsRequest ListToolsResult LoggingLevel
    LoggingMessageNotification LoggingMessageNotificationParams McpServer McpServerOptions
    MessageExtraInfo ModelHint ModelPreferences MultiSelectEnumSchema Notification
    NotificationParams NumberSchema PaginatedRequest PaginatedRequestParams PaginatedResult
    PingRequest PrimitiveSchemaDefinition Progress ProgressNotification ProgressNotificationParams
    ProgressToken Prompt PromptArgument PromptCallback PromptListChangedNotification PromptMessage
    PromptReference RELATED_TASK_META_KEY ReadResourceCallback ReadResourceRequest
    ReadResourceRequestParams ReadResourceResult ReadResourceTemplateCallback RegisteredPrompt
    RegisteredResource RegisteredResourceTemplate RegisteredTool RelatedTaskMetadata Request
    RequestId RequestMeta RequestParams Resource ResourceContents ResourceLink
    ResourceListChangedNotification ResourceMetadata ResourceRequestParams ResourceTemplate
    ResourceTemplateReference ResourceUpdatedNotification ResourceUpdatedNotificationParams Result
    Role Root RootsListChangedNotification SUPPORTED_PROTOCOL_VERSIONS SamplingContent
    SamplingMessage SamplingMessageContentBlock Server ServerCapabilities ServerNotification
    ServerOptions ServerRequest ServerResult SetLevelRequest SetLevelRequestParams
    SingleSelectEnumSchema StringSchema SubscribeRequest SubscribeRequestParams Task
    TaskAugmentedRequestParams TaskCreationParams TaskMetadata TaskStatus TaskStatusNotification
    TaskStatusNotificationParams TextContent TextResourceContents TitledMultiSelectEnumSchema
    TitledSingleSelectEnumSchema Tool ToolAnnotations ToolCallback ToolChoice ToolExecution
    ToolListChangedNotification ToolResultContent ToolUseContent UnsubscribeRequest
    UnsubscribeRequestParams UntitledMultiSelectEnumSchema UntitledSingleSelectEnumSchema
    UrlElicitationRequiredError assertCompleteRequestPrompt assertCompleteRequestResourceTemplate
    isInitializeRequest isInitializedNotification isJSONRPCErrorResponse isJSONRPCNotification
    isJSONRPCRequest isJSONRPCResponse isJSONRPCResultResponse isTaskAugmentedRequestParams`),
  '@modelcontextprotocol/client': words(`
    Annotations AudioContent BaseMetadata BlobResourceContents BooleanSchema CallToolRequest
    CallToolRequestParams CallToolResult CancelTaskRequest CancelTaskResult CancelledNotification
    CancelledNotificationParams Client ClientCapabilities ClientNotification ClientOptions
    ClientRequest ClientResult CompatibilityCallToolResult CompleteRequest CompleteRequestParams
    CompleteRequestPrompt CompleteRequestResourceTemplate CompleteResult ContentBlock
    CreateMessageRequest CreateMessageRequestParams CreateMessageRequestParamsBase
    CreateMessageRequestParamsWithTools CreateMessageResult CreateMessageResultWithTools
    CreateTaskResult Cursor DEFAULT_NEGOTIATED_PROTOCOL_VERSION ElicitRequest
    ElicitRequestFormParams ElicitRequestParams ElicitRequestURLParams ElicitResult
    ElicitationCompleteNotification ElicitationCompleteNotificationParams EmbeddedResource
    EmptyResult EnumSchema GetPromptRequest GetPromptRequestParams GetPromptResult
    GetTaskPayloadRequest GetTaskPayloadResult GetTaskRequest GetTaskResult Icon Icons ImageContent
    Implementation InitializeRequest InitializeRequestParams InitializeResult
    InitializedNotification JSONRPCErrorResponse JSONRPCMessage JSONRPCNotification JSONRPCRequest
    JSONRPCResponse JSONRPCResultResponse JSONRPC_VERSION LATEST_PROTOCOL_VERSION
    LegacyTitledEnumSchema ListChangedCallback ListChangedHandlers ListChangedOptions
    ListPromptsRequest ListPromptsResult ListResourceTemplatesRequest ListResourceTemplatesResult
    ListResourcesRequest ListResourcesResult ListRootsRequest ListRootsResult ListTasksRequest
    ListTasksResult ListToolsRequest ListToolsResult LoggingLevel LoggingMessageNotification
    LoggingMessageNotificationParams MessageExtraInfo ModelHint ModelPreferences
    MultiSelectEnumSchema Notification NotificationParams NumberSchema PaginatedRequest
    PaginatedRequestParams PaginatedResult PingRequest PrimitiveSchemaDefinition Progress
    ProgressNotification ProgressNotificationParams ProgressToken Prompt PromptArgument
    PromptListChangedNotification PromptMessage PromptReference RELATED_TASK_META_KEY
    ReadResourceRequest ReadResourceRequestParams ReadResourceResult RelatedTaskMetadata Request
    RequestId RequestMeta RequestParams Resource ResourceContents ResourceLink
    ResourceListChangedNotification ResourceRequestParams ResourceTemplateReference
    ResourceUpdatedNotification ResourceUpdatedNotificationParams Result Role Root
    RootsListChangedNotification SUPPORTED_PROTOCOL_VERSIONS SamplingContent SamplingMessage
    SamplingMessageContentBlock ServerCapabilities ServerNotification ServerRequest ServerResult
    SetLevelRequest SetLevelRequestParams SingleSelectEnumSchema StartSSEOptions
    StreamableHTTPClientTransport StreamableHTTPClientTransportOptions
    StreamableHTTPReconnectionOptions StringSchema SubscribeRequest SubscribeRequestParams Task
    TaskAugmentedRequestParams TaskCreationParams TaskMetadata TaskStatus TaskStatusNotification
    TaskStatusNotificationParams TextContent TextResourceContents TitledMultiSelectEnumSchema
    TitledSingleSelectEnumSchema Tool ToolAnnotations ToolChoice ToolExecution
    ToolListChangedNotification ToolResultContent ToolUseContent UnsubscribeRequest
    UnsubscribeRequestParams UntitledMultiSelectEnumSchema UntitledSingleSelectEnumSchema
    UrlElicitationRequiredError assertCompleteRequestPrompt assertCompleteRequestResourceTemplate
    getSupportedElicitationModes isInitializeRequest isInitializedNotification
    isJSONRPCErrorResponse isJSONRPCNotification isJSONRPCRequest isJSONRPCResponse
    isJSONRPCResultResponse isTaskAugmentedRequestParams`),
  '@modelcontextprotocol/server/stdio': words(`
    StdioServerTransport`),
  '@modelcontextprotocol/client/stdio': words(`
    DEFAULT_INHERITED_ENV_VARS StdioClientTransport StdioServerParameters getDefaultEnvironment`),
};

/** 1.x module (after `@modelcontextprotocol/sdk/`) → the 2.x entries its names may now come from. */
export const SDK_MODULES: Record<string, string[]> = {
  'types.js': ['@modelcontextprotocol/server', '@modelcontextprotocol/client'],
  'server/mcp.js': ['@modelcontextprotocol/server'],
  'server/index.js': ['@modelcontextprotocol/server'],
  'server/stdio.js': ['@modelcontextprotocol/server/stdio'],
  'client/index.js': ['@modelcontextprotocol/client'],
  'client/stdio.js': ['@modelcontextprotocol/client/stdio'],
  'client/streamableHttp.js': ['@modelcontextprotocol/client'],
};
